//! The spec format as a JSON Schema (draft 2020-12), for TOML editors
//! that read one (taplo / Even Better TOML): every section and key, what
//! kind of value it takes, the names a choice accepts (from the same
//! tables the loader reads), and a line of documentation each. Unknown keys
//! are refused, as the loader refuses them.

use crate::model::plan::{CONSISTENCIES, RESTARTS, VALUE_ORDERS, VAR_ORDERS};
use crate::spec::ast::{SYMMETRY_BREAKS, SYMMETRY_KINDS};
use crate::spec::setting::{KEYS, items};
use serde_json::{Value, json};

/// An expression string.
fn expr(doc: &str) -> Value {
    json!({ "type": "string", "description": doc })
}

/// One of the names of a choice table.
fn choice<T>(table: &[(&str, T)], doc: &str) -> Value {
    let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
    json!({ "type": "string", "enum": names, "description": doc })
}

/// A table whose keys are the spec's own names, each holding `value`.
fn named(value: Value, doc: &str) -> Value {
    json!({ "type": "object", "additionalProperties": value, "description": doc })
}

/// A table with exactly these keys (the `required` ones must be there).
fn object(properties: Value, required: &[&str], doc: &str) -> Value {
    json!({
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": false,
        "description": doc,
    })
}

fn index() -> Value {
    json!({
        "description": "the index range: one range (\"1..n\") or a list of texts (\"colours\"), or an array of two of them for a 2-D array",
        "oneOf": [
            { "type": "string" },
            { "type": "array", "items": { "type": "string" }, "minItems": 1, "maxItems": 2 }
        ]
    })
}

/// The whole schema.
pub fn schema() -> Value {
    let plain = json!({
        "description": "a TOML integer, boolean, array (whose strings are texts: [\"red\", \"green\"]), or a string holding an expression over earlier params",
        "type": ["integer", "boolean", "array", "string"]
    });
    let param = json!({
        "oneOf": [
            plain,
            object(json!({
                "value": plain,
                "index": index(),
            }), &["value"], "a list indexed like a variable array"),
        ]
    });
    let domain = |doc: &str| {
        json!({
            "description": doc,
            "oneOf": [
                { "type": "string" },
                { "type": "array", "items": { "type": ["integer", "string"] }, "description": "the values: integers, or texts (an enum: [\"red\", \"green\"])" }
            ]
        })
    };
    let shown = json!({ "type": "boolean", "description": "false: the model's own bookkeeping, used by `solve steps`, `hint` and `candidates` but never shown (default: true, unless an [output] board's cells name another variable)" });
    let var = json!({
        "oneOf": [
            domain("the domain: a range (\"1..9\"), a set, a list of integers or texts, a param holding one, or \"bool\""),
            object(json!({
                "domain": domain("the domain of every element"),
                "index": index(),
                "names": { "type": "array", "items": { "type": "string" }, "description": "a name for each element of a 1-D array" },
                "shown": shown,
            }), &["domain"], "an array of variables"),
            object(json!({
                "define": expr("the expression the variable equals; its domain is the expression's bounds"),
                "shown": shown,
            }), &["define"], "a derived variable"),
        ]
    });
    let constraint = json!({
        "oneOf": [
            expr("a boolean expression that must hold"),
            object(json!({
                "rule": expr("a boolean expression that must hold"),
                "consistency": choice(CONSISTENCIES, "this constraint's consistency level"),
                "weight": { "type": "integer", "minimum": 1, "description": "what a step of `solve steps` using one of its items costs (default 1)" },
                "say": { "type": "string", "description": "how a step says one of its items: `row {r} holds each digit once`, `{r}` a generator value of its top-level forall" },
            }), &["rule"], "a constraint with its own consistency level, weight or sentence"),
        ]
    });
    let mut declared = serde_json::Map::new();
    for (kind, _) in SYMMETRY_KINDS {
        let mut keys = json!({ *kind: expr("the structure the group acts on") });
        if *kind == "map" {
            keys["index"] = expr("`(i, ...) => index`: where the cell at this index goes");
            keys["value"] = expr("`(v) => value`: what a value becomes");
        }
        let _ = declared.insert(
            (*kind).to_string(),
            object(keys, &[kind], &format!("a declared symmetry: {kind}")),
        );
    }
    let symmetry = json!({
        "type": "object",
        "description": "breaking rules (like [constraints]), declared symmetries (grid, rows, columns, values, reverse, map) and `break`",
        "properties": { "break": choice(SYMMETRY_BREAKS, "what the declared symmetries generate") },
        "additionalProperties": {
            "oneOf": [
                constraint.clone(),
                { "oneOf": declared.into_iter().map(|(_, v)| v).collect::<Vec<_>>() }
            ]
        }
    });
    let template = json!({ "type": "string", "description": "text in which every {EXPR} is replaced by its value" });
    let sections = json!({
        "name": { "type": "string", "description": "the puzzle's name" },
        "description": { "type": "string", "description": "one line about the puzzle" },
        "params": named(param, "constants; `--set NAME=VALUE` overrides one"),
        "vars": named(var, "the decision variables, in declaration order"),
        "functions": named(expr("(a, b) => EXPR, expanded where it is called"), "functions of the expressions"),
        "constraints": named(constraint, "named constraints"),
        "symmetry": symmetry,
        "search": search(),
        "objective": objective(),
        "game": game(&template),
        "puzzle": puzzle(),
        "moves": moves(&template),
        "generate": generate(),
        "experiments": named(json!({ "type": "string", "description": format!("a configuration, items separated by spaces: {}", items()) }), "named configurations for `solve compare`"),
        "output": output(&template),
    });
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "solve spec",
        "description": "A puzzle spec for `solve`: see its book, docs/spec-language.md",
        "type": "object",
        "properties": sections,
        "additionalProperties": false,
    })
}

/// `[search]`: one property per setting key (described as the help
/// describes it), and the run's `threads`.
fn search() -> Value {
    let mut properties = serde_json::Map::new();
    for key in KEYS {
        let (name, property) = match key.name {
            "var" => ("var", choice(VAR_ORDERS, key.about)),
            "value" => ("value", choice(VALUE_ORDERS, key.about)),
            "restart" => ("restart", choice(RESTARTS, key.about)),
            "last_conflict" => (
                "last_conflict",
                json!({ "oneOf": [{ "type": "boolean" }, { "enum": ["on", "off"] }], "description": key.about }),
            ),
            "consistency" => {
                let levels: Vec<&str> = CONSISTENCIES.iter().map(|(n, _)| *n).collect();
                let doc = format!(
                    "{}: LEVEL or NAME=LEVEL,... ({})",
                    key.about,
                    levels.join(", ")
                );
                (
                    "consistency",
                    json!({ "type": "string", "description": doc }),
                )
            }
            "interleave" => (
                "interleave",
                json!({ "oneOf": [{ "type": "boolean" }, { "type": "string" }], "description": key.about }),
            ),
            "order" => (
                "order",
                json!({ "type": "array", "items": { "type": "string" }, "description": "variables, elements (x[n]) and slices (x[0..3]) to branch on first, in input order" }),
            ),
            "phase" => (
                "phases",
                json!({ "type": "array", "description": "search phases, decided in turn", "items": object(json!({
                "vars": { "oneOf": [{ "type": "string" }, { "type": "array", "items": { "type": "string" } }], "description": "the phase's variables, as in `order`" },
                "var": choice(VAR_ORDERS, "which open variable of the phase next"),
                "value": choice(VALUE_ORDERS, "which value first"),
            }), &["vars"], "one phase") }),
            ),
            other => (
                other,
                json!({ "type": "integer", "minimum": 1, "description": key.about }),
            ),
        };
        let _ = properties.insert(name.to_string(), property);
    }
    let _ = properties.insert(
        "threads".to_string(),
        json!({ "type": "integer", "minimum": 1, "maximum": crate::spec::settings::MOST_THREADS, "description": "threads to search with (default: every core)" }),
    );
    object(Value::Object(properties), &[], "how to search")
}

/// `[objective]`.
fn objective() -> Value {
    json!({
        "type": "object",
        "description": "the best solution: exactly one of minimize and maximize",
        "properties": {
            "minimize": expr("an integer expression to minimise"),
            "maximize": expr("an integer expression to maximise"),
        },
        "additionalProperties": false,
        "minProperties": 1,
        "maxProperties": 1,
    })
}

/// `[game]`.
fn output(template: &Value) -> Value {
    object(
        json!({
            "template": template,
            "board": board(),
        }),
        &[],
        "how a solution is printed and drawn",
    )
}

/// `[output] board`: the cells alone, or a table of the cells and the
/// layers that draw the puzzle (docs/boards.md).
fn board() -> Value {
    let cells = "the solution as a grid: rows of cells (a 2-D list) or one row, of numbers, booleans or texts; drawn by the playground, printed when there is no template";
    let layers = object(
        json!({
            "cells": expr(cells),
            "regions": expr("each cell's region: thick borders between regions"),
            "givens": expr("each cell: whether its value is given"),
            "corners": expr("each cell: a label in its top-left corner ('' for none)"),
            "split": expr("each cell: [across, down] for a clue cell split diagonally, [] for any other"),
            "style": expr("each cell: shaded, dot, circle, disc or cross ('' for none; true: shaded)"),
            "top": expr("one clue (or list of clues) per column, above the grid"),
            "bottom": expr("one clue (or list of clues) per column, below the grid"),
            "left": expr("one clue (or list of clues) per row, left of the grid"),
            "right": expr("one clue (or list of clues) per row, right of the grid"),
            "lines": expr("segments [r1, c1, r2, c2] (or with strokes) between cell centres, from 0"),
            "edges": expr("segments [r1, c1, r2, c2] between the grid's points, from 0"),
        }),
        &["cells"],
        "the board as the puzzle is drawn (solve draw; docs/boards.md)",
    );
    json!({ "oneOf": [expr(cells), layers] })
}

fn game(template: &Value) -> Value {
    object(
        json!({
            "code": expr("the variables that form the code"),
            "answer": expr("(secret, guess) => the answer to a guess"),
            "win": expr("the answer that ends the game"),
            "show": template,
        }),
        &["code", "answer", "win"],
        "a guessing game over the solutions",
    )
}

/// `[generate]`.
fn generate() -> Value {
    object(
        json!({
            "clues": { "type": "string", "description": "the param that holds the clues (a grid, a blank for an empty cell)" },
            "fills": { "type": "string", "description": "the declared variables the clues fill, of the same shape (or `derive`)" },
            "derive": expr("the clues computed from a solution, of the clues' shape (or `fills`)"),
            "blank": { "type": "integer", "description": "the value of a blank clue (default 0)" },
            "symmetry": choice(crate::spec::pattern::PATTERNS, "the symmetry the clue pattern keeps (default none)"),
            "grade": { "type": "string", "description": "the grade wanted: a consistency level or search" },
            "seed": { "type": "integer", "minimum": 1, "description": "the first seed (default 1)" },
            "draw": { "type": "string", "description": "search settings for drawing a random full solution (default `value=random restart=luby`)" },
        }),
        &["clues"],
        "how `solve generate` makes new puzzles of the spec",
    )
}

/// `[puzzle]`.
fn puzzle() -> Value {
    object(
        json!({
            "alphabet": { "type": "string", "description": "one character per value, to read and print positions" },
            "start": { "type": "string", "description": "the start position" },
            "goal": expr("a condition over the state"),
            "heuristic": expr("a lower bound on the cost left (for astar)"),
        }),
        &["goal"],
        "a puzzle of moves over the variables",
    )
}

/// `[moves]`.
fn moves(template: &Value) -> Value {
    named(
        object(
            json!({
                "for": named(expr("a range"), "the move's parameters and their ranges"),
                "when": expr("the precondition"),
                "next": named(expr("the next value"), "the state variables the move changes"),
                "cost": expr("the move's cost (default 1)"),
                "show": template,
            }),
            &["next"],
            "a parameterised move",
        ),
        "the moves of a puzzle",
    )
}
