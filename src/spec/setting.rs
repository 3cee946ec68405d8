//! One search setting, `KEY=VALUE`, read by one parser wherever it is
//! written: a key of `[search]`, a flag (`--var first-fail`), an item of
//! a `--try` text or an `[experiments]` entry (`var=first-fail
//! consistency=rows=domain no-symmetry`), the playground's search box.
//! The key list ([`KEYS`]) feeds the messages, the did-you-mean and the
//! help; `SearchSettings::apply` (`settings.rs`, above) folds the items.

use crate::diagnostic::{Diagnostic, did_you_mean};
use crate::model::plan::{
    Arm, CONSISTENCIES, Consistency, DEFAULT_SLICE, DEFAULT_VAR_ORDER, RESTARTS, ROBUST_ARM,
    RestartPolicy, Restarts, VALUE_ORDERS, VAR_ORDERS, ValueOrder, VarOrder,
};
use crate::spec::origin::{Name, Origin};

/// One search phase as written: its variables (each a name or an
/// expression, as in `order`) and, optionally, its own orders.
#[derive(Clone, Debug, PartialEq)]
pub struct PhaseDecl {
    pub vars: Vec<Name>,
    pub var: Option<VarOrder>,
    pub value: Option<ValueOrder>,
}

/// One item of search settings.
#[derive(Clone, Debug, PartialEq)]
pub enum Setting {
    /// `default`: the spec as written (changes nothing).
    Default,
    /// `no-symmetry`: without the spec's symmetry breaking.
    NoSymmetry,
    Var(VarOrder),
    Value(ValueOrder),
    Restart(RestartPolicy),
    RestartScale(u64),
    /// `last_conflict=on|off`: choose the variable of the last failed
    /// assignment again while it is open.
    LastConflict(bool),
    Seed(u64),
    /// `interleave=on|off|ITEMS`: a second search taken in turn with the
    /// plan's own for a first solution or an optimum (`None`: none).
    Interleave(Option<Arm>),
    /// `consistency=LEVEL` (every constraint, as `all=LEVEL`) or
    /// `consistency=NAME=LEVEL` (one constraint).
    Consistency(Option<Name>, Consistency),
    /// `order=A,B`: one phase of these, in input order.
    Order(Vec<Name>),
    /// `phase=A,B:VAR:VALUE`: one more search phase (the first replaces
    /// the phases and order said before).
    Phase(PhaseDecl),
    /// The name of an `[experiments]` entry: its settings.
    Use(Name),
}

/// A key, the form of its value, and what it sets.
#[derive(Debug)]
pub struct Key {
    pub name: &'static str,
    pub form: &'static str,
    pub about: &'static str,
}

/// Every key a setting may have, in the order the help lists them.
pub const KEYS: &[Key] = &[
    Key {
        name: "var",
        form: "NAME",
        about: "the variable order",
    },
    Key {
        name: "value",
        form: "NAME",
        about: "the value order",
    },
    Key {
        name: "consistency",
        form: "[NAME=]LEVEL[,...]",
        about: "how hard every constraint, or the one named, works",
    },
    Key {
        name: "restart",
        form: "NAME",
        about: "the restart policy of a one-solution search",
    },
    Key {
        name: "restart_scale",
        form: "N",
        about: "failures before the first restart",
    },
    Key {
        name: "last_conflict",
        form: "on|off",
        about: "choose the variable of the last failed value again first",
    },
    Key {
        name: "interleave",
        form: "on|off|ITEMS",
        about: "a second search taken in turn for one solution or an optimum (`on`: AFC, last-conflict, geometric restarts; or its var, value, restart, restart_scale, last_conflict, slice)",
    },
    Key {
        name: "seed",
        form: "N",
        about: "the seed of the random orders",
    },
    Key {
        name: "order",
        form: "A,B",
        about: "one phase of these variables, in input order",
    },
    Key {
        name: "phase",
        form: "A,B[:VAR[:VALUE]]",
        about: "one more search phase (repeatable)",
    },
];

/// The keys as a table writes them (`[search]`, the playground's search
/// object): the phases as one list, `phases`.
pub fn table_keys() -> Vec<&'static str> {
    KEYS.iter()
        .map(|k| if k.name == "phase" { "phases" } else { k.name })
        .collect()
}

/// Items that take no value: an `[experiments]` entry may not be called
/// so (it would be shadowed).
pub const RESERVED: &[&str] = &["default", "no-symmetry"];

/// Every item of a configuration, for messages: `default, no-symmetry,
/// var=NAME, ...`.
pub fn items() -> String {
    let keys: Vec<String> = KEYS
        .iter()
        .map(|k| format!("{}={}", k.name, k.form))
        .collect();
    format!(
        "{}, {}, or a name from [experiments]",
        RESERVED.join(", "),
        keys.join(", ")
    )
}

/// The setting(s) `key` = `value` says; `value` starts at offset `at` of
/// the text `origin` maps onto its source. A consistency list gives one
/// setting per level.
pub fn read(
    key: &Name,
    value: &str,
    at: usize,
    origin: &Origin,
) -> Result<Vec<Setting>, Diagnostic> {
    let whole = Name {
        text: value.to_string(),
        span: origin.span(at, at + value.len()),
    };
    Ok(vec![match key.text.as_str() {
        "var" => Setting::Var(choice(VAR_ORDERS, "variable order", &whole)?),
        "value" => Setting::Value(choice(VALUE_ORDERS, "value order", &whole)?),
        "restart" => Setting::Restart(choice(RESTARTS, "restart policy", &whole)?),
        "restart_scale" | "restart-scale" => Setting::RestartScale(positive(key, &whole)?),
        "last_conflict" | "last-conflict" => Setting::LastConflict(switch(key, &whole)?),
        "seed" => Setting::Seed(positive(key, &whole)?),
        "interleave" => Setting::Interleave(arm(value, at, origin)?),
        "consistency" => return levels(value, at, origin),
        "order" => Setting::Order(list(value, at, origin)),
        "phase" => phase(value, at, origin)?,
        _ => return Err(unknown_key(key)),
    }])
}

/// A key that is none of [`KEYS`].
pub fn unknown_key(key: &Name) -> Diagnostic {
    let d = Diagnostic::new(format!("unknown key `{}`", key.text), key.span);
    match did_you_mean(&key.text, KEYS.iter().map(|k| k.name)) {
        Some(s) => d.with_help(format!("did you mean `{s}`? expected {}", items())),
        None => d.with_help(format!("expected {}", items())),
    }
}

/// A configuration's text, items separated by spaces (`--try`, an
/// `[experiments]` entry); `origin` maps it onto its source.
pub fn configuration(text: &str, origin: &Origin) -> Result<Vec<Setting>, Diagnostic> {
    let mut settings = Vec::new();
    let mut offset = 0;
    for item in text.split(' ') {
        let start = offset;
        offset += item.len() + 1;
        let item_start = start + (item.len() - item.trim_start().len());
        let item = item.trim();
        if item.is_empty() {
            continue;
        }
        let name = |from: usize, part: &str| Name {
            text: part.to_string(),
            span: origin.span(from, from + part.len()),
        };
        match item.split_once('=') {
            None => settings.push(match item {
                "default" => Setting::Default,
                "no-symmetry" => Setting::NoSymmetry,
                _ => Setting::Use(name(item_start, item)),
            }),
            Some((key, value)) => settings.extend(read(
                &name(item_start, key),
                value,
                item_start + key.len() + 1,
                origin,
            )?),
        }
    }
    Ok(settings)
}

/// `on` or `off` (`true` and `false` too, as TOML writes them).
fn switch(key: &Name, value: &Name) -> Result<bool, Diagnostic> {
    match value.text.as_str() {
        "on" | "true" => Ok(true),
        "off" | "false" => Ok(false),
        _ => Err(Diagnostic::new(
            format!("`{}={}`: expected `on` or `off`", key.text, value.text),
            value.span,
        )),
    }
}

fn positive(key: &Name, value: &Name) -> Result<u64, Diagnostic> {
    value.text.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
        Diagnostic::new(
            format!(
                "`{}={}`: the {} is not a positive integer",
                key.text,
                value.text,
                key.text.replace(['_', '-'], " ")
            ),
            value.span,
        )
    })
}

/// The keys a second search's items may name.
const ARM_KEYS: &[&str] = &[
    "var",
    "value",
    "restart",
    "restart_scale",
    "last_conflict",
    "slice",
];

/// `on` (the measured second search, [`ROBUST_ARM`]), `off` or `none`,
/// or the second search's own items, separated by commas or spaces
/// (`var=afc,restart=geometric`): what they leave unsaid is a spec's
/// default (first-fail, smallest value, no restarts, no last-conflict,
/// turns of [`DEFAULT_SLICE`] nodes).
pub fn arm(text: &str, at: usize, origin: &Origin) -> Result<Option<Arm>, Diagnostic> {
    match text.trim() {
        "on" | "true" => return Ok(switched_arm(true)),
        "off" | "false" | "none" => return Ok(switched_arm(false)),
        "" => {
            return Err(
                Diagnostic::new("`interleave` is empty", origin.span(at, at + text.len()))
                    .with_help(arm_help()),
            );
        }
        _ => {}
    }
    let mut arm = Arm {
        var: DEFAULT_VAR_ORDER,
        value: ValueOrder::Min,
        restarts: Restarts::NONE,
        last_conflict: false,
        slice: DEFAULT_SLICE,
    };
    let mut offset = 0;
    for item in text.split([',', ' ']) {
        let start = at + offset;
        offset += item.len() + 1;
        if item.is_empty() {
            continue;
        }
        let whole = Name {
            text: item.to_string(),
            span: origin.span(start, start + item.len()),
        };
        let Some((key, value)) = item.split_once('=') else {
            return Err(Diagnostic::new(
                format!("`interleave`: `{item}` is not KEY=VALUE"),
                whole.span,
            )
            .with_help(arm_help()));
        };
        let key = Name {
            text: key.replace('-', "_"),
            span: origin.span(start, start + key.len()),
        };
        let value_at = start + key.text.len() + 1;
        let value = Name {
            text: value.to_string(),
            span: origin.span(value_at, value_at + value.len()),
        };
        match key.text.as_str() {
            "var" => arm.var = choice(VAR_ORDERS, "variable order", &value)?,
            "value" => arm.value = choice(VALUE_ORDERS, "value order", &value)?,
            "restart" => arm.restarts.policy = choice(RESTARTS, "restart policy", &value)?,
            "restart_scale" => arm.restarts.scale = positive(&key, &value)?,
            "last_conflict" => arm.last_conflict = switch(&key, &value)?,
            "slice" => arm.slice = positive(&key, &value)?,
            _ => {
                let d = Diagnostic::new(
                    format!("`interleave`: the second search has no key `{}`", key.text),
                    key.span,
                );
                return Err(match did_you_mean(&key.text, ARM_KEYS.iter().copied()) {
                    Some(s) => d.with_help(format!("did you mean `{s}`? {}", arm_help())),
                    None => d.with_help(arm_help()),
                });
            }
        }
    }
    Ok(Some(arm))
}

/// The second search `interleave` switched on (`on`, `true`) or off.
pub fn switched_arm(on: bool) -> Option<Arm> {
    on.then_some(ROBUST_ARM)
}

fn arm_help() -> String {
    format!(
        "`interleave` takes `on`, `off`, or the second search's {} as KEY=VALUE items",
        ARM_KEYS.join(", ")
    )
}

/// `A,B[:VAR[:VALUE]]`.
fn phase(text: &str, at: usize, origin: &Origin) -> Result<Setting, Diagnostic> {
    let mut parts = text.splitn(3, ':');
    let vars = parts.next().unwrap_or_default();
    let mut from = at + vars.len() + 1;
    let mut order = |part: Option<&str>| {
        let part = part?;
        let start = from;
        from += part.len() + 1;
        (!part.is_empty()).then(|| Name {
            text: part.to_string(),
            span: origin.span(start, start + part.len()),
        })
    };
    let var = order(parts.next());
    let value = order(parts.next());
    let var = var
        .map(|n| choice(VAR_ORDERS, "variable order", &n))
        .transpose()?;
    let value = value
        .map(|n| choice(VALUE_ORDERS, "value order", &n))
        .transpose()?;
    let vars = list(vars, at, origin);
    if vars.is_empty() {
        return Err(Diagnostic::new(
            format!("the phase `{text}` has no variables"),
            origin.span(at, at + text.len()),
        )
        .with_help("a phase is VARS[:VAR[:VALUE]]: `x:first-fail:min`"));
    }
    Ok(Setting::Phase(PhaseDecl { vars, var, value }))
}

/// `rows=domain,early`: a level for one constraint or for all.
fn levels(text: &str, at: usize, origin: &Origin) -> Result<Vec<Setting>, Diagnostic> {
    let mut settings = Vec::new();
    let mut offset = at;
    for part in text.split(',') {
        let start = offset + (part.len() - part.trim_start().len());
        offset += part.len() + 1;
        let part = part.trim();
        let (constraint, level, level_start) = match part.split_once('=') {
            Some((n, l)) => (
                Some(n.trim_end()),
                l.trim(),
                start + n.len() + 1 + (l.len() - l.trim_start().len()),
            ),
            None => (None, part, start),
        };
        let level = Name {
            text: level.to_string(),
            span: origin.span(level_start, level_start + level.len()),
        };
        let c = choice(CONSISTENCIES, "consistency level", &level)?;
        let constraint = constraint.filter(|n| *n != "all").map(|n| Name {
            text: n.to_string(),
            span: origin.span(start, start + n.len()),
        });
        settings.push(Setting::Consistency(constraint, c));
    }
    Ok(settings)
}

/// `A,B`: comma-separated names (brackets may hold commas: `[m[r][0] for
/// r in 0..2]`).
fn list(text: &str, at: usize, origin: &Origin) -> Vec<Name> {
    let mut parts = Vec::new();
    let (mut depth, mut from) = (0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '[' | '(' | '{' => depth += 1,
            ']' | ')' | '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push((from, &text[from..i]));
                from = i + 1;
            }
            _ => {}
        }
    }
    parts.push((from, &text[from..]));
    parts
        .into_iter()
        .filter(|(_, part)| !part.trim().is_empty())
        .map(|(offset, part)| {
            let start = at + offset + (part.len() - part.trim_start().len());
            let trimmed = part.trim();
            Name {
                text: trimmed.to_string(),
                span: origin.span(start, start + trimmed.len()),
            }
        })
        .collect()
}

/// The choice `name` names in `table`; an unknown name is an error that
/// lists the known ones, with the closest.
pub fn choice<T: Copy>(table: &[(&str, T)], what: &str, name: &Name) -> Result<T, Diagnostic> {
    if let Some((_, t)) = table.iter().find(|(n, _)| *n == name.text) {
        return Ok(*t);
    }
    let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
    let d = Diagnostic::new(format!("unknown {what} `{}`", name.text), name.span);
    Err(match did_you_mean(&name.text, names.iter().copied()) {
        Some(s) => d.with_help(format!(
            "did you mean `{s}`? expected one of: {}",
            names.join(", ")
        )),
        None => d.with_help(format!("expected one of: {}", names.join(", "))),
    })
}
