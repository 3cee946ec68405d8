//! The `guess` and `play` requests: a `[game]` played in the page. The
//! person guesses a secret the page drew (each request answers every guess
//! so far: the page keeps no game state but the guesses), or the computer
//! guesses one secret, or every secret (`play --all-secrets`).

use super::{GuessRequest, PROGRESS_EVERY, PlayRequest, SolveRequest, compiled, stop};
use crate::game::{Game, STRATEGIES, Strategy};
use crate::host::Instant;
use crate::spec::choices::named_choice;
use crate::spec::settings::RunSettings;
use crate::stop::Stop;
use serde_json::{Value, json};
use std::time::Duration;

/// The spec's game, or `None` once its errors were told.
fn game(spec: &str, set: &[String], until: &Stop, emit: &mut dyn FnMut(Value)) -> Option<Game> {
    let mut session = compiled(spec, set, &SolveRequest::default(), until, emit)?;
    session.set_stop(until.clone());
    match Game::new(session) {
        Ok(game) => Some(game),
        Err(e) => {
            emit(json!({"event": "failed", "message": e.to_string()}));
            None
        }
    }
}

/// How long a guess may take to read the game.
const GUESS_TIME: Duration = Duration::from_secs(10);

/// A `game` event: how many codes, an example, the answer to each guess
/// (or why it is not a code), and the secret when asked for.
pub(super) fn guess(request: &GuessRequest, emit: &mut dyn FnMut(Value)) {
    let Some(mut game) = game(
        &request.spec,
        &request.set,
        &stop(&RunSettings::within(GUESS_TIME)),
        emit,
    ) else {
        return;
    };
    // The page draws a number without knowing how many codes there are.
    let secret = (request.secret % game.len() as u64) as usize;
    let mut answers = Vec::new();
    for text in &request.guesses {
        match game.parse_code(text) {
            Err(message) => answers.push(json!({"guess": text, "error": message})),
            Ok(guess) => {
                let code = game.code(guess).to_vec();
                match game.answer(secret, &code) {
                    Ok(answer) => answers.push(json!({
                        "guess": game.format_code(&code),
                        "answer": game.show(&answer),
                        "win": game.is_win(&answer),
                    })),
                    Err(e) => {
                        emit(json!({"event": "failed", "message": e.to_string()}));
                        return;
                    }
                }
            }
        }
    }
    let reveal = request.reveal.then(|| game.format_code(game.code(secret)));
    emit(json!({
        "event": "game",
        "codes": game.len(),
        "example": game.format_code(game.code(0)),
        "answers": answers,
        "secret": reveal,
    }));
}

/// A `moves` event (the computer's guesses against one secret), or a
/// `record` event (every secret, after `progress` events).
pub(super) fn play(request: &PlayRequest, emit: &mut dyn FnMut(Value)) {
    let until = stop(&request.run);
    let Some(mut game) = game(&request.spec, &request.set, &until, emit) else {
        return;
    };
    let strategy = match named_choice(
        STRATEGIES,
        request.strategy.as_deref(),
        "strategy",
        "strategy",
    ) {
        Ok(strategy) => strategy.unwrap_or(Strategy::First),
        Err(e) => {
            emit(json!({"event": "failed", "message": e.to_string().trim()}));
            return;
        }
    };
    let code = |game: &Game, what: &str, text: &str| {
        game.parse_code(text).map_err(|m| format!("{what}: {m}"))
    };
    let result = (|| {
        if let Some(text) = request.opening.as_deref() {
            let opening = code(&game, "opening", text)?;
            game.set_opening(opening);
        }
        if request.all_secrets {
            let started = Instant::now();
            let mut last = started;
            let record = game
                .play_all(strategy, &mut |done, total| {
                    if last.elapsed() >= PROGRESS_EVERY {
                        last = Instant::now();
                        emit(json!({"event": "progress", "done": done, "total": total}));
                    }
                })
                .map_err(|e| e.to_string())?;
            let mut event = game.record_json(&record);
            event["event"] = json!("record");
            event["ms"] = json!(started.elapsed().as_secs_f64() * 1000.0);
            emit(event);
            return Ok(());
        }
        let secret = match (&request.secret, request.secret_index) {
            (Some(text), _) => code(&game, "secret", text)?,
            (None, Some(i)) => (i % game.len() as u64) as usize,
            (None, None) => return Err("give `secret` (a code) or `secret_index`".to_string()),
        };
        let moves = game.play(secret, strategy).map_err(|e| e.to_string())?;
        let moves: Vec<Value> = moves
            .iter()
            .map(|(guess, answer)| {
                json!({"guess": game.format_code(game.code(*guess)), "answer": game.show(answer)})
            })
            .collect();
        let secret = game.format_code(game.code(secret));
        emit(json!({"event": "moves", "secret": secret, "moves": moves}));
        Ok(())
    })();
    if let Err(message) = result {
        emit(json!({"event": "failed", "message": message}));
    }
}
