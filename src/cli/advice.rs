//! What the command line says when clap refuses the arguments, for the
//! mistakes a newcomer makes: a flag of another subcommand (`--secret`
//! belongs to `solve play`), a flag named as other tools name it
//! (`--solutions 3` is `--limit 3`), `--set n 10` for `--set n=10`, a
//! choice written short (`--var ff`). Clap's own tips guess by spelling
//! alone (`--secret` → `--seed`, `ff` → `first-fail-random`): where this
//! knows better it speaks instead; elsewhere clap's message stands.

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// A refusal of the arguments in the crate's words: the message and its
/// help line.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Advice {
    pub message: String,
    pub help: String,
}

/// Flags of `solve play` alone, and what they do there.
const PLAY_FLAGS: &[&str] = &["--secret", "--all-secrets", "--strategy", "--opening"];

/// Flags other solvers and tools have, and this one's for the same.
const SYNONYMS: &[(&str, &str)] = &[
    (
        "--solutions",
        "--limit N (stop after N solutions) or --all (every solution)",
    ),
    ("--max-solutions", "--limit N"),
    ("--num-solutions", "--limit N"),
    ("--all-solutions", "--all"),
    ("--timeout", "--time-limit SECONDS"),
    ("--time", "--time-limit SECONDS"),
    ("--nodes", "--node-limit N"),
    ("--jobs", "--threads N (or -j N)"),
    ("--statistics", "--stats"),
    ("--param", "--set NAME=VALUE"),
    ("--define", "--set NAME=VALUE"),
];

/// Our advice for `e`, given the arguments of the run (without the
/// program's name); `None`: clap's message stands.
pub(super) fn advice(e: &clap::Error, args: &[String]) -> Option<Advice> {
    if let Some(advice) = set_without_equals(args) {
        return Some(advice);
    }
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        _ => None,
    };
    match e.kind() {
        ErrorKind::UnknownArgument => {
            let flag = text(ContextKind::InvalidArg)?;
            let name = flag.split('=').next().unwrap_or(&flag).to_string();
            if PLAY_FLAGS.contains(&name.as_str()) && !args.iter().any(|a| a == "play") {
                return Some(Advice {
                    message: format!(
                        "`{name}` belongs to `solve play` (the guessing game of a spec's [game] section)"
                    ),
                    help: format!("solve play FILE {flag} ..."),
                });
            }
            let (_, instead) = SYNONYMS.iter().find(|(s, _)| *s == name)?;
            Some(Advice {
                message: format!("unknown flag `{name}`"),
                help: format!("write {instead}"),
            })
        }
        ErrorKind::InvalidValue => {
            let value = text(ContextKind::InvalidValue)?;
            let flag = text(ContextKind::InvalidArg)?;
            let valid: Vec<String> = match e.get(ContextKind::ValidValue) {
                Some(ContextValue::Strings(v)) => v.clone(),
                _ => return None,
            };
            let short = value.to_ascii_lowercase();
            let meant: Vec<&String> = valid.iter().filter(|v| initials(v) == short).collect();
            let [meant] = meant[..] else { return None };
            Some(Advice {
                message: format!("invalid value `{value}` for `{flag}`"),
                help: format!(
                    "did you mean `{meant}`? (the values are: {})",
                    valid.join(", ")
                ),
            })
        }
        _ => None,
    }
}

/// `ff` for `first-fail`, `dw` for `dom-wdeg`: the first letter of each word.
fn initials(name: &str) -> String {
    name.split(['-', '_'])
        .filter_map(|w| w.chars().next())
        .collect()
}

/// `--set n 10` (or `--set n`): a param without its value.
fn set_without_equals(args: &[String]) -> Option<Advice> {
    let at = args.iter().position(|a| a == "--set")?;
    let name = args.get(at + 1)?;
    if name.contains('=') || name.starts_with('-') {
        return None;
    }
    let example = match args.get(at + 2) {
        Some(value) if !value.starts_with('-') && !value.ends_with(".toml") => {
            format!("--set {name}={value}")
        }
        _ => format!("--set {name}=VALUE"),
    };
    Some(Advice {
        message: format!("`--set {name}` needs a value after `=`"),
        help: format!("write {example}"),
    })
}

#[cfg(test)]
mod tests {
    use super::initials;

    #[test]
    fn initials_are_the_first_letters_of_the_words() {
        assert_eq!(initials("first-fail"), "ff");
        assert_eq!(initials("first-fail-random"), "ffr");
        assert_eq!(initials("input"), "i");
    }
}
