//! A playground request read from its JSON text: every key checked, an
//! unknown key or a value of the wrong kind refused with a message.

use crate::driver::Ask;
use crate::spec::choices::SearchChoices;
use crate::spec::settings::{self, BadSeconds, RunSettings};
use serde_json::{Map, Value};

/// What the page asks.
#[derive(Clone, Debug)]
pub enum Request {
    /// Check the spec: its diagnostics.
    Check { spec: String, set: Vec<String> },
    /// Solve it.
    Solve(Box<SolveRequest>),
    /// Why no solution: the conflicting constraints (`solve explain`);
    /// the search choices and limits as for `solve`.
    Explain(Box<SolveRequest>),
    /// How each value follows (`solve steps`), or the next step from the
    /// learner's givens (`solve hint`).
    Steps(Box<StepsRequest>),
    /// A setter's question (`solve unique`, `candidates`, `redundant`,
    /// `generate`); the search choices and limits as for `explain`.
    Setter(Box<SetterRequest>),
    /// Count under several configurations (`solve compare`).
    Compare(CompareRequest),
    /// The person guesses a `[game]`'s secret: the answers to the
    /// guesses so far.
    Guess(GuessRequest),
    /// The computer guesses one secret, or every secret.
    Play(PlayRequest),
    /// The shortest solution of a `[puzzle]`, move by move.
    Path(PuzzleRequest),
    /// Every position of a `[puzzle]` and its distance (`solve analyze`).
    Analyze(PuzzleRequest),
    /// The Play tab's board: the puzzle as given and what each cell and
    /// segment shows (`layout.rs`); the choices as for `explain`.
    Layout(Box<SolveRequest>),
    /// A question about a player's entries (`player.rs`).
    State(Box<PlayerRequest>),
    /// The names of the search choices (for the page's menus).
    About,
}

/// A `state` request: the spec and its choices as for `explain`, the
/// question (`ask`) and the player's entries as givens (`x[1][3]=4`).
#[derive(Clone, Debug, Default)]
pub struct PlayerRequest {
    pub solve: SolveRequest,
    pub ask: PlayerAsk,
    pub entries: Vec<String>,
}

/// What a player asks of their entries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PlayerAsk {
    /// Whether they can all stand; else which cannot, and why.
    #[default]
    Check,
    /// The next placement and its steps.
    Hint,
    /// The values each variable takes in some solution with them.
    Candidates,
    /// A solution with them.
    Solve,
}

/// A `compare` request: `--try` texts and a `--sweep` text.
#[derive(Clone, Debug, Default)]
pub struct CompareRequest {
    pub spec: String,
    pub set: Vec<String>,
    pub tries: Vec<String>,
    pub sweep: Option<String>,
    /// `time_limit` (seconds).
    pub run: RunSettings,
}

/// A `guess` request: the secret by its number among the codes, taken
/// modulo their count (the page draws a number at random and does not
/// know the code), the person's guesses so far, and whether to tell the
/// secret.
#[derive(Clone, Debug, Default)]
pub struct GuessRequest {
    pub spec: String,
    pub set: Vec<String>,
    pub secret: u64,
    pub guesses: Vec<String>,
    pub reveal: bool,
}

/// A `play` request: the computer guesses `secret` (a code as `--secret`
/// writes it, or a number with `secret_index`, modulo the codes' count),
/// or every secret.
#[derive(Clone, Debug, Default)]
pub struct PlayRequest {
    pub spec: String,
    pub set: Vec<String>,
    pub secret: Option<String>,
    pub secret_index: Option<u64>,
    pub all_secrets: bool,
    pub strategy: Option<String>,
    pub opening: Option<String>,
    /// `time_limit` (seconds).
    pub run: RunSettings,
}

/// A `path` or `analyze` request; `start` as `--start` writes it.
#[derive(Clone, Debug, Default)]
pub struct PuzzleRequest {
    pub spec: String,
    pub set: Vec<String>,
    pub start: Option<String>,
    /// `time_limit` (seconds).
    pub run: RunSettings,
}

/// A `steps` request: the spec and its choices as for `explain`, the
/// givens (`x[1][3]=4`, `x[1][3]!=4,5`), one step only (`hint`), and the
/// most items a step may combine.
#[derive(Clone, Debug, Default)]
pub struct StepsRequest {
    pub solve: SolveRequest,
    pub givens: Vec<String>,
    pub hint: bool,
    pub max_items: Option<u64>,
}

/// A setter's question about the spec of `solve`.
#[derive(Clone, Debug, Default)]
pub struct SetterRequest {
    pub solve: SolveRequest,
    pub task: SetterTask,
}

/// Which setter's question, with its own choice.
#[derive(Clone, Debug, Default)]
pub enum SetterTask {
    /// One solution, none, or two that differ.
    #[default]
    Unique,
    /// The values each variable takes in some solution, each with its
    /// number of solutions up to `count_up_to`.
    Candidates { count_up_to: Option<u64> },
    /// The clues (the items of `group`, else every item) that can go one
    /// at a time.
    Redundant { group: Option<String> },
    /// A new puzzle of the `[generate]` section, from `seed`.
    Generate { seed: Option<u64> },
}

/// A `solve` request.
#[derive(Clone, Debug, Default)]
pub struct SolveRequest {
    pub spec: String,
    /// `--set NAME=VALUE` texts.
    pub set: Vec<String>,
    /// `mode` and `limit`: `first`, `all`, `count`, or `limit` with
    /// `limit` (1 unless given).
    pub ask: Ask,
    pub search: SearchChoices,
    pub no_symmetry: bool,
    /// `time_limit` (seconds) and `node_limit`.
    pub run: RunSettings,
    /// Record the search tree (its first 10,000 events) and send it.
    pub tree: bool,
}

const CHECK_KEYS: &[&str] = &["op", "spec", "set"];
const SOLVE_KEYS: &[&str] = &[
    "op",
    "spec",
    "set",
    "mode",
    "limit",
    "search",
    "no_symmetry",
    "time_limit",
    "node_limit",
    "tree",
];
const COMPARE_KEYS: &[&str] = &["op", "spec", "set", "tries", "sweep", "time_limit"];
const GUESS_KEYS: &[&str] = &["op", "spec", "set", "secret", "guesses", "reveal"];
const PLAY_KEYS: &[&str] = &[
    "op",
    "spec",
    "set",
    "secret",
    "secret_index",
    "all_secrets",
    "strategy",
    "opening",
    "time_limit",
];
const PATH_KEYS: &[&str] = &["op", "spec", "set", "start", "time_limit"];
const ANALYZE_KEYS: &[&str] = &["op", "spec", "set", "time_limit"];
/// Keys `steps` takes beside those of `explain`.
const STEPS_KEYS: &[&str] = &["givens", "hint", "max_items"];
/// The key each setter's question takes beside those of `explain`.
const SETTER_KEYS: &[(&str, &str)] = &[
    ("unique", ""),
    ("candidates", "count_up_to"),
    ("redundant", "group"),
    ("generate", "seed"),
];
/// Keys of `solve` that `explain` (and `steps`) does not take.
const EXPLAIN_IGNORES: &[&str] = &["mode", "limit", "node_limit", "tree"];

impl Request {
    pub fn parse(text: &str) -> Result<Request, String> {
        let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        let request = value.as_object().ok_or("a request is an object")?;
        let op = text_of(request, "op")?.ok_or("a request needs `op`")?;
        match op.as_str() {
            "check" => {
                known(request, CHECK_KEYS)?;
                Ok(Request::Check {
                    spec: text_of(request, "spec")?.unwrap_or_default(),
                    set: texts_of(request, "set")?,
                })
            }
            "solve" | "explain" => solve(request, op == "solve"),
            "steps" => Ok(Request::Steps(Box::new(StepsRequest {
                solve: explain_with(request, STEPS_KEYS)?,
                givens: texts_of(request, "givens")?,
                hint: flag_of(request, "hint")?,
                max_items: match number_of(request, "max_items")? {
                    Some(0) => return Err("`max_items` is at least 1".to_string()),
                    most => most,
                },
            }))),
            "unique" | "candidates" | "redundant" | "generate" => setter(request, &op),
            "compare" => {
                known(request, COMPARE_KEYS)?;
                Ok(Request::Compare(CompareRequest {
                    spec: text_of(request, "spec")?.unwrap_or_default(),
                    set: texts_of(request, "set")?,
                    tries: texts_of(request, "tries")?,
                    sweep: text_of(request, "sweep")?.filter(|t| !t.trim().is_empty()),
                    run: run_of(request)?,
                }))
            }
            "guess" => {
                known(request, GUESS_KEYS)?;
                Ok(Request::Guess(GuessRequest {
                    spec: text_of(request, "spec")?.unwrap_or_default(),
                    set: texts_of(request, "set")?,
                    secret: number_of(request, "secret")?.ok_or("`guess` needs `secret`")?,
                    guesses: texts_of(request, "guesses")?,
                    reveal: flag_of(request, "reveal")?,
                }))
            }
            "play" => {
                known(request, PLAY_KEYS)?;
                Ok(Request::Play(PlayRequest {
                    spec: text_of(request, "spec")?.unwrap_or_default(),
                    set: texts_of(request, "set")?,
                    secret: text_of(request, "secret")?,
                    secret_index: number_of(request, "secret_index")?,
                    all_secrets: flag_of(request, "all_secrets")?,
                    strategy: text_of(request, "strategy")?.filter(|t| !t.is_empty()),
                    opening: text_of(request, "opening")?.filter(|t| !t.trim().is_empty()),
                    run: run_of(request)?,
                }))
            }
            "path" | "analyze" => {
                let keys = if op == "path" {
                    PATH_KEYS
                } else {
                    ANALYZE_KEYS
                };
                known(request, keys)?;
                let puzzle = PuzzleRequest {
                    spec: text_of(request, "spec")?.unwrap_or_default(),
                    set: texts_of(request, "set")?,
                    start: text_of(request, "start")?.filter(|t| !t.trim().is_empty()),
                    run: run_of(request)?,
                };
                Ok(if op == "path" {
                    Request::Path(puzzle)
                } else {
                    Request::Analyze(puzzle)
                })
            }
            "layout" => Ok(Request::Layout(Box::new(explain_with(request, &[])?))),
            "state" => player(request),
            "about" => {
                known(request, &["op"])?;
                Ok(Request::About)
            }
            other => Err(format!(
                "unknown op `{other}` (expected check, solve, explain, steps, unique, candidates, redundant, generate, compare, guess, play, path, analyze, layout, state or about)"
            )),
        }
    }
}

/// A `solve` request, or an `explain` one (the same keys but those
/// [`EXPLAIN_IGNORES`] names).
fn solve(request: &Map<String, Value>, solving: bool) -> Result<Request, String> {
    // An explanation is of the whole spec: no mode, limit of
    // solutions or nodes, or tree (only a time limit).
    let keys: Vec<&str> = SOLVE_KEYS
        .iter()
        .copied()
        .filter(|k| solving || !EXPLAIN_IGNORES.contains(k))
        .collect();
    known(request, &keys)?;
    let solve = Box::new(SolveRequest {
        spec: text_of(request, "spec")?.unwrap_or_default(),
        set: texts_of(request, "set")?,
        ask: ask(
            text_of(request, "mode")?.as_deref(),
            match number_of(request, "limit")? {
                Some(0) => return Err("`limit` is at least 1".to_string()),
                limit => limit,
            },
        )?,
        search: search(request.get("search"))?,
        no_symmetry: flag_of(request, "no_symmetry")?,
        run: run_of(request)?,
        tree: flag_of(request, "tree")?,
    });
    Ok(if solving {
        Request::Solve(solve)
    } else {
        Request::Explain(solve)
    })
}

/// The `explain` request within one that also takes the keys `extra`.
fn explain_with(request: &Map<String, Value>, extra: &[&str]) -> Result<SolveRequest, String> {
    let mut keys: Vec<&str> = (SOLVE_KEYS.iter().copied())
        .filter(|k| !EXPLAIN_IGNORES.contains(k))
        .collect();
    keys.extend(extra);
    known(request, &keys)?;
    let mut explain_keys = request.clone();
    for k in extra {
        let _ = explain_keys.remove(*k);
    }
    match solve(&explain_keys, false)? {
        Request::Explain(solve) => Ok(*solve),
        _ => unreachable!("an explain request is read as one"),
    }
}

/// A `state` request: the player's question (`ask`) and entries.
fn player(request: &Map<String, Value>) -> Result<Request, String> {
    let ask = match text_of(request, "ask")?.as_deref() {
        Some("check") => PlayerAsk::Check,
        Some("hint") => PlayerAsk::Hint,
        Some("candidates") => PlayerAsk::Candidates,
        Some("solve") => PlayerAsk::Solve,
        Some(other) => {
            return Err(format!(
                "unknown ask `{other}` (expected check, hint, candidates or solve)"
            ));
        }
        None => return Err("`state` needs `ask`".to_string()),
    };
    Ok(Request::State(Box::new(PlayerRequest {
        solve: explain_with(request, &["ask", "entries"])?,
        ask,
        entries: texts_of(request, "entries")?,
    })))
}

/// A setter's question `op`: the keys of `explain` and its own one.
fn setter(request: &Map<String, Value>, op: &str) -> Result<Request, String> {
    let own = (SETTER_KEYS.iter())
        .find(|(o, _)| *o == op)
        .map_or("", |(_, key)| *key);
    let own: &[&str] = if own.is_empty() { &[] } else { &[own] };
    let solve = explain_with(request, own)?;
    let task = match op {
        "candidates" => SetterTask::Candidates {
            count_up_to: match number_of(request, "count_up_to")? {
                Some(0) => return Err("`count_up_to` is at least 1".to_string()),
                cap => cap,
            },
        },
        "redundant" => SetterTask::Redundant {
            group: text_of(request, "group")?.filter(|g| !g.trim().is_empty()),
        },
        "generate" => SetterTask::Generate {
            seed: match number_of(request, "seed")? {
                Some(0) => return Err("`seed` is at least 1".to_string()),
                seed => seed,
            },
        },
        _ => SetterTask::Unique,
    };
    Ok(Request::Setter(Box::new(SetterRequest { solve, task })))
}

/// What `mode` asks: `limit` is the first `limit` solutions (1 unless
/// given); a limit goes with no other mode.
fn ask(mode: Option<&str>, limit: Option<u64>) -> Result<Ask, String> {
    match mode {
        None | Some("first") => Ok(Ask::First),
        Some("all") => Ok(Ask::All { most: None }),
        Some("count") => Ok(Ask::Count),
        Some("limit") => Ok(Ask::All {
            most: Some(limit.unwrap_or(1)),
        }),
        Some(other) => Err(format!(
            "unknown mode `{other}` (expected first, all, count or limit)"
        )),
    }
}

fn search(value: Option<&Value>) -> Result<SearchChoices, String> {
    let Some(value) = value else {
        return Ok(SearchChoices::default());
    };
    let s = value.as_object().ok_or("`search` is an object")?;
    known(s, &crate::spec::setting::table_keys())?;
    Ok(SearchChoices {
        order: text_of(s, "order")?.filter(|t| !t.trim().is_empty()),
        phases: texts_of(s, "phases")?,
        var: text_of(s, "var")?.filter(|t| !t.is_empty()),
        value: text_of(s, "value")?.filter(|t| !t.is_empty()),
        consistency: texts_of(s, "consistency")?,
        restart: text_of(s, "restart")?.filter(|t| !t.is_empty()),
        restart_scale: number_of(s, "restart_scale")?,
        last_conflict: text_of(s, "last_conflict")?.filter(|t| !t.is_empty()),
        seed: number_of(s, "seed")?,
        interleave: text_of(s, "interleave")?.filter(|t| !t.is_empty()),
    })
}

fn known(object: &Map<String, Value>, keys: &[&str]) -> Result<(), String> {
    match object.keys().find(|k| !keys.contains(&k.as_str())) {
        Some(k) => Err(format!(
            "unknown key `{k}` (expected one of: {})",
            keys.join(", ")
        )),
        None => Ok(()),
    }
}

fn text_of(object: &Map<String, Value>, key: &str) -> Result<Option<String>, String> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(format!("`{key}` is a text")),
    }
}

fn texts_of(object: &Map<String, Value>, key: &str) -> Result<Vec<String>, String> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| v.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| format!("`{key}` is a list of texts")),
        Some(_) => Err(format!("`{key}` is a list of texts")),
    }
}

fn flag_of(object: &Map<String, Value>, key: &str) -> Result<bool, String> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(format!("`{key}` is true or false")),
    }
}

/// A request's run settings: its `time_limit` in seconds (more than the
/// clock holds is no limit) and its `node_limit` (a key only `solve`
/// knows: [`known`] has refused it elsewhere).
fn run_of(object: &Map<String, Value>) -> Result<RunSettings, String> {
    let key = "time_limit";
    let time_limit = match object.get(key) {
        None | Some(Value::Null) => None,
        Some(v) => match v.as_f64().map(settings::seconds) {
            Some(Ok(limit)) => Some(limit),
            Some(Err(BadSeconds::OutOfRange)) => None,
            Some(Err(BadSeconds::NotSeconds)) | None => {
                return Err(format!("`{key}` is a number of seconds"));
            }
        },
    };
    Ok(RunSettings {
        time_limit,
        node_limit: number_of(object, "node_limit")?,
        ..RunSettings::default()
    })
}

fn number_of(object: &Map<String, Value>, key: &str) -> Result<Option<u64>, String> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .map(Some)
            .ok_or_else(|| format!("`{key}` is a whole number")),
    }
}
