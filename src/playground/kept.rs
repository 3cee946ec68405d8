//! What the Play tab keeps between its requests, in the module's memory
//! (the page's worker answers one request after another): the `layout`
//! event of the spec being played, and whether the puzzle, as its params
//! give it, has one solution and which. Each is keyed by the spec's text
//! and its `--set` values, so editing either drops it.
//!
//! The unique solution is what makes a `state` question fast: with the
//! entries added, the solutions are those of the puzzle that keep them,
//! so either that one solution keeps every entry (then it is the only
//! solution with them: Check is `ok`, the candidates are its values and
//! the walk of a Hint starts with them as its target, with no search for
//! them), or no solution stands. A puzzle with several solutions is
//! answered by search, as before.

use crate::session::Session;
use serde_json::Value;
use std::cell::RefCell;

/// A spec's text and its `--set` values.
type Key = (String, Vec<String>);

thread_local! {
    static LAYOUT: RefCell<Option<(Key, Value)>> = const { RefCell::new(None) };
    static UNIQUE: RefCell<Option<(Key, Option<Vec<i64>>)>> = const { RefCell::new(None) };
}

fn key(spec: &str, set: &[String]) -> Key {
    (spec.to_string(), set.to_vec())
}

/// The `layout` event kept for this spec, if any.
pub(super) fn layout(spec: &str, set: &[String]) -> Option<Value> {
    LAYOUT.with_borrow(|kept| {
        (kept.as_ref())
            .filter(|(k, _)| *k == key(spec, set))
            .map(|(_, event)| event.clone())
    })
}

/// Keeps the `layout` event of this spec (in place of any other).
pub(super) fn keep_layout(spec: &str, set: &[String], event: &Value) {
    LAYOUT.set(Some((key(spec, set), event.clone())));
}

/// The puzzle's solution when it has exactly one (over its declared
/// variables, the only ones a player marks), found once per spec: a
/// first solution, then a search for one that differs from it. `None`
/// when it has several or none, or a limit stopped either search (then
/// nothing is kept: the next request tries again).
pub(super) fn unique(session: &mut Session, spec: &str, set: &[String]) -> Option<Vec<i64>> {
    let wanted = key(spec, set);
    if let Some(kept) = kept_unique(&wanted) {
        return kept;
    }
    let found = search_unique(session)?;
    UNIQUE.set(Some((wanted, found.clone())));
    found
}

/// What is kept under `wanted` of whether the puzzle has one solution.
fn kept_unique(wanted: &Key) -> Option<Option<Vec<i64>>> {
    UNIQUE.with_borrow(|kept| {
        (kept.as_ref())
            .filter(|(k, _)| k == wanted)
            .map(|(_, s)| s.clone())
    })
}

/// The most nodes the `layout` request spends on whether the puzzle has
/// one solution: the shipped puzzles take a few thousand (the Nurikabe's
/// 10x10, about 2,500); a puzzle past it is asked by its first question,
/// as before, so that its board is not kept waiting.
const UNIQUE_AFTER_NODES: u64 = 10_000;

/// Keeps whether the puzzle has one solution, from a first solution
/// already found (the `layout` request finds one to probe the board
/// with): one search for another, so that the Play tab's first question
/// needs none. `session` must have no symmetry breaking, as a `state`
/// request's has not. Nothing is kept when a limit stops the search.
pub(super) fn keep_unique_after(session: &mut Session, spec: &str, set: &[String], first: &[i64]) {
    let wanted = key(spec, set);
    if kept_unique(&wanted).is_some() {
        return;
    }
    if let Some(Some(found)) = session.within(UNIQUE_AFTER_NODES, |s| only(s, first)) {
        UNIQUE.set(Some((wanted, found)));
    }
}

/// `Some(answer)` when both searches ended within their limits.
fn search_unique(session: &mut Session) -> Option<Option<Vec<i64>>> {
    let first = session.first().ok()?;
    let Some(first) = first else {
        return Some(None);
    };
    only(session, first.values())
}

/// `first` when no other solution differs from it on a declared
/// variable, `None` when one does; `None` outside when a limit stopped
/// the search for it.
fn only(session: &mut Session, first: &[i64]) -> Option<Option<Vec<i64>>> {
    let declared = crate::facts::candidates::declared(session.lowered().model());
    let assignment: Vec<_> = declared.iter().map(|&x| (x, first[x.index()])).collect();
    session.push();
    let other = match session.forbid("another solution", &assignment) {
        Ok(()) => session.first().ok(),
        Err(_) => None,
    };
    let _ = session.pop();
    match other? {
        Some(_) => Some(None),
        None => Some(Some(first.to_vec())),
    }
}

/// Takes what is kept of whether a puzzle has one solution, and its key
/// (the tests of the requests that keep it).
#[cfg(test)]
pub(super) fn take_unique() -> Option<(Key, Option<Vec<i64>>)> {
    UNIQUE.take()
}
