//! Lowering the automaton globals: `regular(xs, transitions, start,
//! accepting)` (or `regular(xs, automaton)` with the automaton as the list
//! `[transitions, start, accepting]`), and `nonogram_line(xs, clue)`, the
//! automaton of a nonogram clue built here. Both post one `regular`
//! constraint, propagated at domain consistency (Pesant's layered graph).

use super::Lowerer;
use super::value::{LinExpr, R, Value, type_error};
use crate::constraints::Regular;
use crate::diagnostic::Diagnostic;
use crate::model::{Automaton, Constraint, View};
use crate::source::Span;
use crate::spec::ast::Expr;

impl Lowerer {
    /// `regular(...)` at the root.
    pub(super) fn post_regular(&mut self, args: &[Expr], span: Span) -> R<()> {
        let xs = self.int_items(&args[0])?;
        let automaton = match args {
            [_, whole] => {
                let v = self.eval(whole)?;
                match &v {
                    Value::List(parts) if parts.items.len() == 3 => self.automaton(
                        [&parts.items[0], &parts.items[1], &parts.items[2]],
                        [whole.span; 3],
                    )?,
                    _ => return Err(type_error(
                        "an automaton: the list [transitions, start, accepting]",
                        &v,
                        whole.span,
                    )
                    .with_help("or give the three as arguments: regular(xs, transitions, start, accepting)")),
                }
            }
            [_, t, s, a] => {
                let (tv, sv, av) = (self.eval(t)?, self.eval(s)?, self.eval(a)?);
                self.automaton([&tv, &sv, &av], [t.span, s.span, a.span])?
            }
            _ => {
                return Err(Diagnostic::new(
                    format!(
                        "`regular` takes 2 arguments (xs, automaton) or 4 (xs, transitions, start, accepting), not {}",
                        args.len()
                    ),
                    span,
                ));
            }
        };
        self.post_automaton(&xs, automaton, span)
    }

    /// `nonogram_line(xs, clue)` at the root.
    pub(super) fn post_nonogram_line(&mut self, args: &[Expr], span: Span) -> R<()> {
        let xs = self.int_items(&args[0])?;
        let clue_value = self.eval(&args[1])?;
        let mut clue = Vec::new();
        for item in self.items(&clue_value, args[1].span)? {
            clue.push(self.int(&item, args[1].span)?);
        }
        // `[0]` is the usual way to write an empty line.
        if clue == [0] {
            clue.clear();
        }
        if let Some(bad) = clue.iter().find(|&&c| c < 1) {
            return Err(Diagnostic::new(
                format!("a clue lists the lengths of runs, each at least 1, not {bad}"),
                args[1].span,
            )
            .with_help("an empty line has the clue [] (or [0])"));
        }
        // Runs that cannot fit: no line shows them (and no automaton as
        // long as the clue is built).
        let shortest = clue
            .iter()
            .try_fold(clue.len().saturating_sub(1) as i64, |n, &c| {
                n.checked_add(c)
            });
        if shortest.is_none_or(|n| n > xs.len() as i64) {
            self.post_false();
            return Ok(());
        }
        self.post_automaton(&xs, nonogram_automaton(&clue), span)
    }

    fn post_automaton(&mut self, xs: &[LinExpr], a: Automaton, span: Span) -> R<()> {
        let mut views: Vec<View> = Vec::with_capacity(xs.len());
        for x in xs {
            views.push(self.view(x, span)?);
        }
        if views.is_empty() {
            if !a.accepts([]) {
                self.post_false();
            }
            return Ok(());
        }
        self.post_constraint(Constraint::Regular(Regular {
            xs: views,
            automaton: a,
        }));
        Ok(())
    }

    /// The three parts, each known before solving: transitions as a list
    /// of `[from, value, to]`, a start state, accepting states as a list,
    /// set or range. States and values may be integers or texts (of a domain).
    fn automaton(
        &mut self,
        [t, s, a]: [&Value; 3],
        [ts, ss, accepting_span]: [Span; 3],
    ) -> R<Automaton> {
        let mut transitions = Vec::new();
        for item in self.items(t, ts)? {
            let triple = match &item {
                Value::List(l) if l.items.len() == 3 => l.items.clone(),
                other => {
                    return Err(type_error(
                        "a transition [from, value, to]",
                        other,
                        ts,
                    )
                    .with_help("transitions are a list of [from, value, to], e.g. [[0, 1, 1], [1, 0, 0]]"));
                }
            };
            transitions.push((
                self.int(&triple[0], ts)?,
                self.int(&triple[1], ts)?,
                self.int(&triple[2], ts)?,
            ));
        }
        let start = self.int(s, ss)?;
        let mut accepting = Vec::new();
        for q in self.items(a, accepting_span)? {
            accepting.push(self.int(&q, accepting_span)?);
        }
        accepting.sort_unstable();
        accepting.dedup();
        Ok(Automaton {
            transitions,
            start,
            accepting,
        })
    }
}

/// The automaton reading a 0/1 line whose runs of 1s have the clue's
/// lengths, in order, with at least one 0 between runs. Its states follow
/// the pattern `0 1^c1 0 1^c2 0 ... 1^ck 0`: a 0 state loops on 0s (the
/// blanks before, between and after runs), a 1 state reads one 1.
fn nonogram_automaton(clue: &[i64]) -> Automaton {
    let mut pattern = vec![0];
    for &c in clue {
        pattern.extend(std::iter::repeat_n(1, c as usize));
        pattern.push(0);
    }
    let mut transitions = Vec::new();
    for q in 0..pattern.len() {
        let (state, next) = (q as i64, q as i64 + 1);
        if pattern[q] == 0 {
            transitions.push((state, 0, state));
        }
        match pattern.get(q + 1) {
            Some(1) => transitions.push((state, 1, next)),
            Some(0) if pattern[q] == 1 => transitions.push((state, 0, next)),
            _ => {}
        }
    }
    let last = pattern.len() as i64 - 1;
    let accepting = if clue.is_empty() {
        vec![0]
    } else {
        vec![last - 1, last]
    };
    Automaton {
        transitions,
        start: 0,
        accepting,
    }
}
