//! The `layout` request: what the Play tab needs to let a person play any
//! spec whose `[output] board` is declared. The puzzle as given (the SVG
//! of `solve draw`, with where its grid sits), and which variable each
//! cell and each segment of the board shows, with the given (`x[1][2]=3`,
//! `island[1][2]!=0`) that each look of it stands for.
//!
//! The board is any expression of the spec, so which variable a cell
//! shows is found by probing, not by reading the expression: from a
//! first solution, each declared variable is set to each of its values in
//! turn and the board drawn again; the cells and segments that change are
//! the ones it controls, and what they look like at each value is what
//! the player's marks mean. One mechanism for every genre: a sudoku's
//! `x` (a cell per variable, a digit per value), a Nurikabe's `island`
//! (shaded when 0: two looks), queens' `q[c]` (a piece in one cell of a
//! column per value), a loop's `across` and `down` (a segment each).
//!
//! A cell shows a `text` variable when one variable controls it and each
//! probed value looks different (typed); a `cycle` when its values fall
//! into a few looks (shaded or not, a piece or none: clicked through). A
//! variable of more than [`MOST_PROBED`] values is probed at its first
//! ones; when they show their own values, every value is typed as itself.
//!
//! The event is kept (`kept.rs`): the same spec, Set and search choices
//! get it again with no probing. Before it is sent, the first solution
//! that the probing starts from is also asked whether it is the only one
//! (one search for another), and the answer kept, so that the player's
//! first question, like every later one, is answered from it.

use super::{SolveRequest, compiled, kept, stop};
use crate::host::Instant;
use crate::model::{Model, VarId};
use crate::output::OutputPlan;
use crate::output::drawing::{Drawing, Style, svg};
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};

/// The most values of one variable drawn to see what they look like.
const MOST_PROBED: usize = 24;

/// What one unit of the board (a cell, or a segment) looks like.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Look {
    Cell {
        text: String,
        style: Option<&'static str>,
    },
    Strokes(u8),
}

/// A unit of the board: a cell (row, column), or a segment between cell
/// centres (`line`) or the grid's points (`edge`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Unit {
    Cell(usize, usize),
    Segment(&'static str, (usize, usize), (usize, usize)),
}

/// Every unit's look in one drawing (segments not drawn have 0 strokes).
fn looks(d: &Drawing) -> BTreeMap<Unit, Look> {
    let mut out = BTreeMap::new();
    for (r, row) in d.cells.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let look = Look::Cell {
                text: cell.text.clone(),
                style: cell.style.map(Style::name),
            };
            let _ = out.insert(Unit::Cell(r, c), look);
        }
    }
    for (kind, segments) in [("line", &d.lines), ("edge", &d.edges)] {
        for s in segments {
            let (a, b) = (s.from.min(s.to), s.from.max(s.to));
            let _ = out.insert(Unit::Segment(kind, a, b), Look::Strokes(s.strokes));
        }
    }
    out
}

/// A segment not drawn, and a cell drawn blank.
static NO_STROKES: Look = Look::Strokes(0);
static BLANK: Look = Look::Cell {
    text: String::new(),
    style: None,
};

/// The look of `unit` in `looks` (a segment not drawn: none), borrowed:
/// the probing compares some 300,000 looks on a 10x10 board.
fn look_of<'a>(looks: &'a BTreeMap<Unit, Look>, unit: &Unit) -> &'a Look {
    match (looks.get(unit), unit) {
        (Some(look), _) => look,
        (None, Unit::Segment(..)) => &NO_STROKES,
        (None, Unit::Cell(..)) => &BLANK,
    }
}

/// A `layout` event, or `failed` with why the spec cannot be played.
pub(super) fn run(request: &SolveRequest, emit: &mut dyn FnMut(Value)) {
    let until = stop(&request.run);
    let started = Instant::now();
    // The search choices pick the first solution the board is probed at.
    let mut keyed = request.set.clone();
    keyed.push(format!("{:?} {}", request.search, request.no_symmetry));
    if let Some(mut event) = kept::layout(&request.spec, &keyed) {
        event["ms"] = json!(started.elapsed().as_secs_f64() * 1000.0);
        return emit(event);
    }
    // The puzzle a person plays has every solution: no symmetry breaking,
    // as in a `state` request, so the first solution serves both.
    let played = SolveRequest {
        no_symmetry: true,
        ..request.clone()
    };
    let Some(mut session) = compiled(&request.spec, &request.set, &played, &until, emit) else {
        return;
    };
    session.set_stop(until.clone());
    let failed = |message: &str| json!({"event": "failed", "message": message});
    if !session.lowered().output.has_board() {
        return emit(failed(
            "Play needs a board: declare one in [output] (`board = { cells = \"x\", ... }`, see the book's Boards chapter)",
        ));
    }
    let Some(given_values) = session.root_domains() else {
        return emit(failed(
            "the puzzle has no solution: its givens already contradict each other",
        ));
    };
    let given_values: Vec<i64> = (given_values.iter())
        .map(|d| d.first().map_or(0, |&(lo, _)| lo))
        .collect();
    let solution = match session.first() {
        Ok(Some(solution)) => solution.values().to_vec(),
        Ok(None) => return emit(failed("the puzzle has no solution")),
        Err(cause) => {
            return emit(failed(&format!(
                "{} before a first solution was found",
                cause.says()
            )));
        }
    };
    // Whether the puzzle has one solution, before the board is shown: the
    // player's first Check or Hint then needs no search (`kept.rs`).
    kept::keep_unique_after(&mut session, &request.spec, &request.set, &solution);
    let output = &session.lowered().output;
    let (given, base) = match (
        output.drawing(&given_values, true),
        output.drawing(&solution, false),
    ) {
        (Ok(Some(given)), Ok(Some(base))) => (given, base),
        (Err(d), _) | (_, Err(d)) => return emit(failed(&d.message)),
        _ => return emit(failed("the spec declares no board")),
    };
    let model = session.lowered().model();
    let controls = probe(output, model, &solution, &looks(&base));
    let given_looks = looks(&given);
    let (cells, segments) = units(model, &controls, &given, &given_looks);
    let origin = svg::origin(&given);
    let event = json!({
        "event": "layout",
        "svg": svg::svg(&given),
        "cell": svg::CELL,
        "origin": [origin.0, origin.1],
        "rows": given.rows,
        "columns": given.columns,
        "cells": cells,
        "segments": segments,
        "ms": started.elapsed().as_secs_f64() * 1000.0,
    });
    kept::keep_layout(&request.spec, &keyed, &event);
    emit(event);
}

/// For each unit, the variables that change it and its look at each of
/// their probed values (in value order), with whether the probe covered
/// every value.
type Controls = BTreeMap<Unit, Vec<(VarId, Vec<(i64, Look)>, bool)>>;

/// Each declared variable set to each of its values (at most
/// [`MOST_PROBED`]) in `solution`, the board drawn, and the units that
/// change from `base` recorded with their looks.
fn probe(
    output: &OutputPlan,
    model: &Model,
    solution: &[i64],
    base: &BTreeMap<Unit, Look>,
) -> Controls {
    let mut controls = Controls::new();
    let mut values = solution.to_vec();
    for (i, var) in model.vars.iter().enumerate().filter(|(_, v)| !v.aux) {
        let all: Vec<i64> = (var.domain.0.iter())
            .flat_map(|&(lo, hi)| lo..=hi)
            .take(MOST_PROBED + 1)
            .collect();
        let whole = all.len() <= MOST_PROBED;
        let mut seen: Vec<(i64, BTreeMap<Unit, Look>)> = Vec::new();
        for &v in all.iter().take(MOST_PROBED) {
            values[i] = v;
            // A value the board cannot draw (an index out of range) is
            // left out of what the player can mark.
            if let Ok(Some(d)) = output.drawing(&values, false) {
                seen.push((v, looks(&d)));
            }
        }
        values[i] = solution[i];
        // A unit in neither drawing looks the same in both.
        let mut changed: BTreeSet<&Unit> = BTreeSet::new();
        for (_, l) in &seen {
            for u in l.keys().chain(base.keys()) {
                if look_of(l, u) != look_of(base, u) {
                    let _ = changed.insert(u);
                }
            }
        }
        for unit in changed {
            let table = (seen.iter())
                .map(|(v, l)| (*v, look_of(l, unit).clone()))
                .collect();
            controls
                .entry(unit.clone())
                .or_default()
                .push((VarId(i as u32), table, whole));
        }
    }
    controls
}

/// The cells (rows of a unit or null) and segments the player can mark:
/// those one variable controls, and (cells) not drawn in the puzzle as
/// given.
fn units(
    model: &Model,
    controls: &Controls,
    given: &Drawing,
    given_looks: &BTreeMap<Unit, Look>,
) -> (Vec<Vec<Value>>, Vec<Value>) {
    let mut cells = vec![vec![Value::Null; given.columns]; given.rows];
    let mut segments = Vec::new();
    for (unit, owners) in controls {
        let [(var, table, whole)] = &owners[..] else {
            continue;
        };
        match unit {
            Unit::Cell(r, c) => {
                let shown = &given.cells[*r][*c];
                let blank_given = matches!(look_of(given_looks, unit), Look::Cell { text, style } if text.is_empty() && style.is_none());
                if shown.given || shown.split.is_some() || !blank_given {
                    continue;
                }
                cells[*r][*c] = cell(model, *var, table, *whole);
            }
            Unit::Segment(kind, from, to) => {
                let mut s = cycle(model, *var, table);
                s["kind"] = json!(kind);
                s["from"] = json!([from.0, from.1]);
                s["to"] = json!([to.0, to.1]);
                segments.push(s);
            }
        }
    }
    (cells, segments)
}

/// A cell's unit: `text` when each value looks different (no style), the
/// typed texts each meaning `var=value`; else a `cycle` of its looks.
fn cell(model: &Model, var: VarId, table: &[(i64, Look)], whole: bool) -> Value {
    let mut texts: BTreeMap<&str, i64> = BTreeMap::new();
    let mut plain = true;
    for (v, look) in table {
        match look {
            Look::Cell { text, style: None } if !text.is_empty() => {
                plain &= texts.insert(text, *v).is_none();
            }
            _ => plain = false,
        }
    }
    if !plain || table.len() < 3 {
        return cycle(model, var, table);
    }
    let name = &model.vars[var.index()].name;
    let value_text = |v: i64| model.values_text(var, &[(v, v)]);
    // Wider than probed: typed as themselves when the probed ones were.
    let itself = table
        .iter()
        .all(|(v, look)| matches!(look, Look::Cell { text, .. } if *text == value_text(*v)));
    let typed: BTreeMap<&str, String> = (texts.iter())
        .map(|(text, v)| (*text, format!("{name}={}", value_text(*v))))
        .collect();
    json!({
        "kind": "text",
        "var": name,
        "typed": typed,
        "numeric": itself && !whole,
        "most": model.vars[var.index()].domain.0.last().map(|&(_, hi)| hi),
    })
}

/// A unit clicked through its looks: each look with the given it stands
/// for (`var=v` for one value, else `var!=` the others), the blank one
/// (no style, no piece, no stroke) last, named `blank`.
fn cycle(model: &Model, var: VarId, table: &[(i64, Look)]) -> Value {
    let mut groups: BTreeMap<&Look, Vec<i64>> = BTreeMap::new();
    for (v, look) in table {
        groups.entry(look).or_default().push(*v);
    }
    let name = &model.vars[var.index()].name;
    let all: Vec<i64> = table.iter().map(|(v, _)| *v).collect();
    let given = |values: &[i64]| match values {
        [v] => format!("{name}={}", model.values_text(var, &[(*v, *v)])),
        _ => {
            let others: Vec<String> = (all.iter())
                .filter(|v| !values.contains(v))
                .map(|&v| model.values_text(var, &[(v, v)]))
                .collect();
            format!("{name}!={}", others.join(","))
        }
    };
    let blank = |look: &Look| match look {
        Look::Strokes(n) => *n == 0,
        Look::Cell { text, style } => {
            matches!(style, None | Some("dot" | "cross"))
                && (style.is_some() || text.is_empty() || text == "0" || text == "false")
        }
    };
    let mut states: Vec<Value> = Vec::new();
    let mut blank_state = Value::Null;
    for (look, values) in &groups {
        let state = match look {
            Look::Strokes(n) => json!({"strokes": n, "given": given(values)}),
            Look::Cell { text, style } => {
                json!({"text": text, "style": style, "given": given(values)})
            }
        };
        if blank(look) && blank_state.is_null() {
            blank_state = state;
        } else {
            states.push(state);
        }
    }
    json!({"kind": "cycle", "var": name, "states": states, "blank": blank_state})
}

#[cfg(test)]
mod tests {
    use crate::playground::{SolveRequest, compile, kept, layout};
    use crate::stop::Stop;

    fn kept_after_layout(spec: &str) -> Option<Option<Vec<i64>>> {
        let _ = kept::take_unique();
        let request = SolveRequest {
            spec: spec.to_string(),
            ..SolveRequest::default()
        };
        layout::run(&request, &mut |_| {});
        kept::take_unique().map(|((text, set), found)| {
            assert_eq!(
                (text.as_str(), set.len()),
                (spec, 0),
                "kept under the spec's key"
            );
            found
        })
    }

    /// Opening Play keeps whether the puzzle has one solution: the
    /// sudoku's, which is the solution a search finds; and that a puzzle
    /// of two solutions has not one.
    #[test]
    fn the_layout_keeps_whether_the_puzzle_has_one_solution() {
        let sudoku = include_str!("../../specs/sudoku.toml");
        let kept = kept_after_layout(sudoku).expect("asked within its nodes");
        let request = SolveRequest {
            spec: sudoku.to_string(),
            ..SolveRequest::default()
        };
        let mut session = compile(sudoku, &[], &request, &Stop::default()).expect("compiles");
        let first = session.first().expect("no limit").expect("a solution");
        let declared = crate::facts::candidates::declared(session.lowered().model());
        let kept = kept.expect("the sudoku has one solution");
        for x in declared {
            assert_eq!(kept[x.index()], first.values()[x.index()]);
        }
        let two = "[vars]\nx = { index = \"1..2\", domain = \"1..2\" }\n\n[constraints]\nd = \"x[1] != x[2]\"\n\n[output.board]\ncells = \"[[x[1], x[2]]]\"\n";
        assert_eq!(kept_after_layout(two), Some(None), "two solutions");
    }
}
