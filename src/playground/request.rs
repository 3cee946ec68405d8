//! A playground request read from its JSON text: every key checked, an
//! unknown key or a value of the wrong kind refused with a message.

use crate::spec::choices::SearchChoices;
use serde_json::{Map, Value};

/// What the page asks.
#[derive(Clone, Debug)]
pub enum Request {
    /// Check the spec: its diagnostics.
    Check { spec: String, set: Vec<String> },
    /// Solve it.
    Solve(Box<SolveRequest>),
    /// The names of the search choices (for the page's menus).
    About,
}

/// What to look for, as the command line's flags say it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// The first solution (the optimum with an objective).
    #[default]
    First,
    /// Every solution.
    All,
    /// The number of solutions.
    Count,
    /// The first `limit` solutions.
    Limit,
}

/// A `solve` request.
#[derive(Clone, Debug, Default)]
pub struct SolveRequest {
    pub spec: String,
    /// `--set NAME=VALUE` texts.
    pub set: Vec<String>,
    pub mode: Mode,
    pub limit: Option<u64>,
    pub search: SearchChoices,
    pub no_symmetry: bool,
    /// Seconds.
    pub time_limit: Option<f64>,
    pub node_limit: Option<u64>,
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
const SEARCH_KEYS: &[&str] = &[
    "order",
    "phases",
    "var",
    "value",
    "consistency",
    "restart",
    "restart_scale",
    "seed",
];

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
            "solve" => {
                known(request, SOLVE_KEYS)?;
                Ok(Request::Solve(Box::new(SolveRequest {
                    spec: text_of(request, "spec")?.unwrap_or_default(),
                    set: texts_of(request, "set")?,
                    mode: mode(text_of(request, "mode")?.as_deref())?,
                    limit: match number_of(request, "limit")? {
                        Some(0) => return Err("`limit` is at least 1".to_string()),
                        limit => limit,
                    },
                    search: search(request.get("search"))?,
                    no_symmetry: match request.get("no_symmetry") {
                        None | Some(Value::Null) => false,
                        Some(Value::Bool(b)) => *b,
                        Some(_) => return Err("`no_symmetry` is true or false".to_string()),
                    },
                    time_limit: match request.get("time_limit") {
                        None | Some(Value::Null) => None,
                        Some(v) => match v.as_f64() {
                            Some(t) if t >= 0.0 && t.is_finite() => Some(t),
                            _ => return Err("`time_limit` is a number of seconds".to_string()),
                        },
                    },
                    node_limit: number_of(request, "node_limit")?,
                    tree: match request.get("tree") {
                        None | Some(Value::Null) => false,
                        Some(Value::Bool(b)) => *b,
                        Some(_) => return Err("`tree` is true or false".to_string()),
                    },
                })))
            }
            "about" => {
                known(request, &["op"])?;
                Ok(Request::About)
            }
            other => Err(format!(
                "unknown op `{other}` (expected check, solve or about)"
            )),
        }
    }
}

fn mode(name: Option<&str>) -> Result<Mode, String> {
    match name {
        None | Some("first") => Ok(Mode::First),
        Some("all") => Ok(Mode::All),
        Some("count") => Ok(Mode::Count),
        Some("limit") => Ok(Mode::Limit),
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
    known(s, SEARCH_KEYS)?;
    Ok(SearchChoices {
        order: text_of(s, "order")?.filter(|t| !t.trim().is_empty()),
        phases: texts_of(s, "phases")?,
        var: text_of(s, "var")?.filter(|t| !t.is_empty()),
        value: text_of(s, "value")?.filter(|t| !t.is_empty()),
        consistency: texts_of(s, "consistency")?,
        restart: text_of(s, "restart")?.filter(|t| !t.is_empty()),
        restart_scale: number_of(s, "restart_scale")?,
        seed: number_of(s, "seed")?,
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

fn number_of(object: &Map<String, Value>, key: &str) -> Result<Option<u64>, String> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .map(Some)
            .ok_or_else(|| format!("`{key}` is a whole number")),
    }
}
