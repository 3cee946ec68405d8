//! `solve steps FILE`: how each value follows, one small step at a time;
//! `solve hint FILE --given ...`: from a player's state, the next cell
//! they can fill and the steps it needs (`--eliminations`: the next step).
//!
//! Exit codes: `steps` 0 when the steps derive every variable's value, 3
//! when deduction stops with values open (several solutions, or
//! `--max-items`) or a limit stops it, 1 when the spec (with the givens)
//! has no solution; `hint` 0 with a step, 3 when nothing more follows, 1
//! when the state has no solution; both 2 for a bad spec, state or
//! option.

use super::output::{Printer, note};
use super::{EXIT_FOUND, EXIT_LIMIT, EXIT_NONE, Run, SpecArgs, TimeLimit};
use serde_json::json;
use solve::diagnostic::{Diagnostic, Error, counted};
use solve::facts::{Fact, givens};
use solve::lowered::Lowered;
use solve::source::Sources;
use solve::steps::{self, Ending, Settings, Step, Stepper, Technique, Walk, WhyNone};
use solve::stop::Cause;
use solve::stop::Stop;
use std::path::PathBuf;

/// What `solve steps` and `solve hint` take.
#[derive(Debug, clap::Args)]
pub(crate) struct StepsArgs {
    /// The spec file.
    file: PathBuf,
    #[command(flatten)]
    spec: SpecArgs,
    /// A value the player knows: `x[1][2]=3` (the variable is 3) or
    /// `x[1][2]!=3,5` (it is neither), the variable named as the steps
    /// name it (repeatable).
    #[arg(long = "given", value_name = "VAR=VALUE")]
    givens: Vec<String>,
    /// A file of givens, one per line as --given takes them (`#` starts a
    /// comment).
    #[arg(long, value_name = "FILE")]
    state: Option<PathBuf>,
    /// The most constraint items a step may combine (deduction may then stop
    /// with values open).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    max_items: Option<u64>,
    /// One JSON object per line: each step, then how the steps ended.
    #[arg(long)]
    json: bool,
    /// After the steps, the grade (the largest step's cost and the sum)
    /// and the work its questions took (propagator runs).
    #[arg(long)]
    stats: bool,
    /// After the steps, which techniques they used and how often (in
    /// `--json`, a `techniques` object on the last line; a line of its
    /// own after a hint's steps).
    #[arg(long)]
    techniques: bool,
    #[command(flatten)]
    pub time: TimeLimit,
}

/// `solve hint`: the options of `solve steps`, and one of its own.
#[derive(clap::Args, Debug)]
pub(crate) struct HintArgs {
    #[command(flatten)]
    pub steps: StepsArgs,
    /// The next step whatever it is (an elimination too), rather than the
    /// next cell you can fill and the steps it needs.
    #[arg(long)]
    eliminations: bool,
}

/// What is asked: every step, or a hint (with `eliminations`, the next
/// step whatever it is).
#[derive(Clone, Copy, PartialEq)]
enum Asked {
    Steps,
    Hint { eliminations: bool },
}

/// `solve steps`.
pub(super) fn run_steps(args: &StepsArgs, stop: &Stop) -> Run {
    run(args, Asked::Steps, stop)
}

/// `solve hint`.
pub(super) fn run_hint(args: &HintArgs, stop: &Stop) -> Run {
    let eliminations = args.eliminations;
    run(&args.steps, Asked::Hint { eliminations }, stop)
}

fn run(args: &StepsArgs, asked: Asked, stop: &Stop) -> Run {
    let hint = asked != Asked::Steps;
    let eliminations = asked == Asked::Hint { eliminations: true };
    let (lowered, sources) = super::compile(&args.file, &args.spec, true, stop)?;
    let (texts, givens) = read_givens(args, &lowered, &sources)?;
    let settings = Settings {
        max_items: args.max_items.map(|k| k as usize),
        most: eliminations.then_some(1),
    };
    let mut out = Printer::new(args.json);
    let stopped = |out: Printer| {
        note(&format!(
            "solve: {} before the steps were complete",
            stop.cause()
        ));
        out.finish(EXIT_LIMIT)
    };
    let walk = match steps::walk(lowered, sources, givens.clone(), settings, stop) {
        Ok(walk) => walk,
        Err(_) => return stopped(out),
    };
    let mut stepper = match walk {
        Walk::Ready(stepper) => stepper,
        Walk::TooWide(message) => {
            let d = Diagnostic::bare(message).with_help("declare a smaller domain");
            return Err(Error::new(vec![d], &Sources::default()));
        }
        Walk::NoSolution(why, _) => {
            let text_of = |wanted: &[Fact]| -> Vec<&str> {
                (givens.iter().zip(&texts))
                    .filter(|(g, _)| wanted.contains(g))
                    .map(|(_, t)| t.as_str())
                    .collect()
            };
            let entries = Entries {
                wrong: text_of(&why.givens),
                unproven: text_of(&why.unproven_givens),
            };
            no_solution(&mut out, args.json, hint, &why, &entries, &args.file);
            return out.finish(EXIT_NONE);
        }
    };
    if !hint {
        print_start(&mut out, args.json, &stepper);
    }
    let printed = if hint && !eliminations {
        stepper
            .next_placement()
            .map(|chain| print_each(&mut out, args.json, &stepper, chain))
    } else {
        print_steps(&mut out, args.json, &mut stepper)
    };
    let taken = match printed {
        Ok(Some(taken)) => taken,
        Ok(None) => return out.finish(EXIT_FOUND),
        Err(_) => return stopped(out),
    };
    let code = if hint {
        let code = hint_end(&mut out, args.json, &stepper, &taken);
        if args.techniques {
            techniques(&mut out, args.json, &taken);
        }
        code
    } else {
        steps_end(&mut out, args, &stepper, &taken)
    };
    if args.stats {
        work(&stepper, &taken);
    }
    out.finish(code)
}

/// `--techniques`: which techniques the steps `taken` used.
fn techniques(out: &mut Printer, json: bool, taken: &Taken) {
    if json {
        out.line(&json!({ "techniques": tally_json(taken) }).to_string());
        return;
    }
    out.line("techniques used:");
    for (name, n) in tally(taken) {
        out.line(&format!("   {name}: {}", counted(n as u64, "step")));
    }
}

/// Which techniques `taken` used and how often, as a JSON object.
fn tally_json(taken: &Taken) -> serde_json::Value {
    let used: serde_json::Map<String, serde_json::Value> = (tally(taken).into_iter())
        .map(|(name, n)| (name, json!(n)))
        .collect();
    serde_json::Value::Object(used)
}

/// What a printed step counts for: its cost and its technique.
pub(super) type Taken = Vec<(u64, Technique)>;

/// Prints each step as it is found; what they count for, or `None` when
/// the output closed.
pub(super) fn print_steps(
    out: &mut Printer,
    json: bool,
    stepper: &mut Stepper,
) -> Result<Option<Taken>, Cause> {
    let mut taken = Taken::new();
    while let Some(step) = stepper.next_step()? {
        print_step(out, json, stepper, taken.len() + 1, &step);
        taken.push((step.cost, step.technique));
        if out.failed() {
            return Ok(None);
        }
    }
    Ok(Some(taken))
}

/// Prints steps found already, numbered from 1.
fn print_each(out: &mut Printer, json: bool, stepper: &Stepper, steps: Vec<Step>) -> Option<Taken> {
    let mut taken = Taken::new();
    for step in steps {
        print_step(out, json, stepper, taken.len() + 1, &step);
        taken.push((step.cost, step.technique));
    }
    (!out.failed()).then_some(taken)
}

fn print_step(out: &mut Printer, json: bool, stepper: &Stepper, number: usize, step: &Step) {
    let words = stepper.words();
    if json {
        out.line(&words.step_json(number, step).to_string());
    } else {
        out.line(&words.step_text(number, step));
    }
}

/// How often each technique was used, the simplest first.
fn tally(taken: &Taken) -> Vec<(String, usize)> {
    let mut counts: std::collections::BTreeMap<&Technique, usize> = Default::default();
    for (_, technique) in taken {
        *counts.entry(technique).or_default() += 1;
    }
    counts.into_iter().map(|(t, n)| (t.name(), n)).collect()
}

/// What is known from the start: each rule on one variable (a clue) with
/// what it gives.
pub(super) fn print_start(out: &mut Printer, json: bool, stepper: &Stepper) {
    let start = stepper.start();
    if start.is_empty() {
        return;
    }
    let words = stepper.words();
    if json {
        let known: Vec<serde_json::Value> = (start.iter())
            .map(|(item, fact)| {
                let mut f = words.fact_json(fact);
                f["from"] = words.item_json(*item);
                f
            })
            .collect();
        out.line(&json!({ "start": known }).to_string());
        return;
    }
    let mut origins: Vec<&str> = start
        .iter()
        .map(|(item, _)| stepper.items()[*item].origin.as_str())
        .collect();
    origins.dedup();
    let facts: Vec<String> = start.iter().map(|(_, f)| words.fact(f)).collect();
    out.line(&format!(
        "0. known from the start, each from one rule on one variable ({}): {}",
        origins.join(", "),
        facts.join(", ")
    ));
}

/// The givens of `--given` and `--state`, each with its text.
fn read_givens(
    args: &StepsArgs,
    lowered: &Lowered,
    sources: &Sources,
) -> Result<(Vec<String>, Vec<Fact>), Error> {
    let bad = |message: String| Error::new(vec![Diagnostic::bare(message)], sources);
    let (mut texts, mut givens) = (Vec::new(), Vec::new());
    for text in &args.givens {
        let fact = givens::parse(lowered.model(), text)
            .map_err(|m| bad(format!("bad --given `{text}`: {m}")))?;
        texts.push(text.trim().to_string());
        givens.push(fact);
    }
    if let Some(path) = &args.state {
        let text = std::fs::read_to_string(path)
            .map_err(|e| bad(format!("cannot read `{}`: {e}", path.display())))?;
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or_default().trim();
            if line.is_empty() {
                continue;
            }
            let fact = givens::parse(lowered.model(), line)
                .map_err(|m| bad(format!("{}:{}: {m}", path.display(), n + 1)))?;
            texts.push(line.to_string());
            givens.push(fact);
        }
    }
    Ok((texts, givens))
}

/// The givens of a conflict, as the player wrote them.
struct Entries<'a> {
    wrong: Vec<&'a str>,
    unproven: Vec<&'a str>,
}

/// Why the spec (with the player's givens) has no solution: the givens
/// that cannot all stand first (the player's mistake), then the rules
/// they break, each by its sentence.
fn no_solution(
    out: &mut Printer,
    json: bool,
    hint: bool,
    why: &WhyNone,
    entries: &Entries<'_>,
    file: &std::path::Path,
) {
    let minimal = why.unproven_items.is_empty() && entries.unproven.is_empty();
    if json {
        out.line(
            &json!({
                "end": "no solution",
                "conflict": why.items,
                "said": why.said,
                "givens": entries.wrong,
                "minimal": minimal,
                "unproven": why.unproven_items,
                "unproven_givens": entries.unproven,
            })
            .to_string(),
        );
        return;
    }
    let what = if hint { "this state" } else { "the spec" };
    if entries.wrong.is_empty() {
        out.line(&format!(
            "{what} has no solution, whatever is given: {}:",
            plural(
                why.said.len(),
                "this rule rules it out",
                "these rules rule it out together"
            )
        ));
    } else {
        out.line(&format!(
            "{} cannot stand: with {} {what} has no solution",
            plural(entries.wrong.len(), "this entry", "these entries together"),
            plural(entries.wrong.len(), "it", "them"),
        ));
        for given in &entries.wrong {
            out.line(&format!("   {given}"));
        }
        if why.said.is_empty() {
            // No rule needed: the entries alone leave a variable no value.
            out.line(plural(
                entries.wrong.len(),
                "it leaves its variable no value",
                "they contradict each other",
            ));
        } else {
            out.line(&format!(
                "{} the {}:",
                plural(entries.wrong.len(), "it breaks", "they break"),
                plural(why.said.len(), "rule", "rules together"),
            ));
        }
    }
    for said in &why.said {
        out.line(&format!("   {said}"));
    }
    if minimal {
        out.line(if why.said.len() + entries.wrong.len() == 1 {
            "(a minimal set: it alone has no solution)"
        } else {
            "(a minimal set: without any one of these, the others have a solution)"
        });
    } else {
        let unproven: Vec<&str> = (entries.unproven.iter().copied())
            .chain(why.unproven_items.iter().map(String::as_str))
            .collect();
        out.line(&format!(
            "(not proven minimal: whether {} could be left out was not settled within the checks' budget)",
            unproven.join(", ")
        ));
    }
    if !hint && entries.wrong.is_empty() {
        note(&format!(
            "`solve explain {}` says the same with each check's details",
            file.display()
        ));
    }
}

/// `one` for a count of 1, else `many`.
fn plural<'a>(count: usize, one: &'a str, many: &'a str) -> &'a str {
    if count == 1 { one } else { many }
}

/// How `steps` ended: a summary line (and the open values), the grade.
fn steps_end(out: &mut Printer, args: &StepsArgs, stepper: &Stepper, taken: &Taken) -> u8 {
    let words = stepper.words();
    let costs: Vec<u64> = taken.iter().map(|(cost, _)| *cost).collect();
    let largest = costs.iter().copied().max().unwrap_or(0);
    let total: u64 = costs.iter().sum();
    let (end, open, code) = match stepper.ending() {
        // Not met: the values the solutions take are never removed.
        Ending::Conflict(_) => ("no solution", Vec::new(), EXIT_NONE),
        Ending::Solved => ("solved", Vec::new(), EXIT_FOUND),
        Ending::Open(open) => ("open", open, EXIT_LIMIT),
        Ending::Stuck(open) => ("stuck", open, EXIT_LIMIT),
    };
    if args.json {
        let open: Vec<serde_json::Value> = (open.iter())
            .map(
                |(x, values)| json!({ "var": words.name(*x), "in": words.json_values(*x, values) }),
            )
            .collect();
        let mut last = json!({ "end": end, "steps": costs.len(), "largest": largest, "total": total, "open": open });
        if args.techniques {
            last["techniques"] = tally_json(taken);
        }
        out.line(&last.to_string());
        return code;
    }
    let summary = match end {
        "solved" => format!(
            "every value follows, in {}",
            counted(costs.len() as u64, "step")
        ),
        "open" => format!(
            "deduction stops after {}; the solutions differ on {}:",
            counted(costs.len() as u64, "step"),
            counted(open.len() as u64, "variable")
        ),
        _ => format!(
            "no step of at most {} is left after {}; still open:",
            counted(args.max_items.unwrap_or(0), "item"),
            counted(costs.len() as u64, "step")
        ),
    };
    out.line(&summary);
    for (x, values) in &open {
        out.line(&format!(
            "   {} ∈ {}",
            words.name(*x),
            words.set(*x, values)
        ));
    }
    if args.techniques {
        techniques(out, false, taken);
    }
    code
}

/// `--stats`: the grade of the steps `taken` and the walk's work, on
/// standard error.
fn work(stepper: &Stepper, taken: &Taken) {
    let costs = taken.iter().map(|(cost, _)| *cost);
    let (largest, total) = (costs.clone().max().unwrap_or(0), costs.sum::<u64>());
    note(&format!("grade: largest step {largest}, total {total}"));
    note(&format!(
        "work: {} propagator runs, {} groups of items checked and {} searches in the steps' checks ({} more answered by earlier counter-examples)",
        stepper.propagations(),
        stepper.group_checks(),
        stepper.searches(),
        stepper.answered_by_witnesses()
    ));
}

/// How `hint` ended: nothing more follows (exit 3) or the one step (0).
fn hint_end(out: &mut Printer, json: bool, stepper: &Stepper, taken: &Taken) -> u8 {
    if !taken.is_empty() {
        return EXIT_FOUND;
    }
    let text = match stepper.ending() {
        Ending::Solved => "nothing more follows: every value is known",
        Ending::Open(_) => "nothing more follows: the solutions differ on the values left",
        Ending::Stuck(_) => "no step of at most --max-items items follows",
        Ending::Conflict(_) => "this state has no solution",
    };
    if json {
        out.line(&json!({ "end": text }).to_string());
    } else {
        out.line(text);
    }
    EXIT_LIMIT
}
