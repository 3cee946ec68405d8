//! `solve explain FILE`: for a spec with no solution, a minimal set of its
//! named constraints that already has none, one per line; with `--expect`,
//! a minimal set that rejects the values the user expected.

use super::output::{Printer, note};
use super::steps::{print_start, print_steps};
use super::{EXIT_FOUND, EXIT_LIMIT, EXIT_NONE, Run, SpecArgs, TimeLimit, refusal};
use solve::explain::{Conflicting, Explanation, expect, explain, explain_given};
use solve::lowered::Lowered;
use solve::source::Sources;
use solve::steps::{Ending, Settings, walk_to_conflict};
use solve::stop::Stop;
use std::path::PathBuf;

/// What `solve explain` takes.
#[derive(Debug, clap::Args)]
pub(crate) struct ExplainArgs {
    /// The spec file.
    file: PathBuf,
    #[command(flatten)]
    spec: SpecArgs,
    /// Then derive the conflict step by step inside the set found, as
    /// `solve steps` derives values, until a variable has no value left.
    #[arg(long)]
    steps: bool,
    /// Values you expected in a solution, which the spec rejects:
    /// NAME=VALUE for a declared variable or array (`x=[[1,2],[2,1]]`, JSON;
    /// a text also bare) or one variable as the steps name it (`x[1][2]=3`)
    /// (repeatable). Prints a minimal set of constraints that reject them.
    #[arg(long, value_name = "NAME=VALUE", conflicts_with = "steps")]
    expect: Vec<String>,
    #[command(flatten)]
    pub time: TimeLimit,
}

pub(super) fn run(args: &ExplainArgs, stop: &Stop) -> Run {
    let file = &args.file;
    // With the objective: where it is undefined (`10 / (x - 3)` at x = 3)
    // no solution counts, as for `solve`, and that is a constraint of its
    // own, named `objective`.
    let (lowered, sources) = super::compile(file, &args.spec, false, stop)?;
    if !args.expect.is_empty() {
        return expected(args, lowered, sources, stop);
    }
    let mut out = Printer::new(false);
    let kept = args.steps.then(|| (lowered.clone(), sources.clone()));
    let code = match explain(lowered, sources, stop) {
        Ok(Explanation::Satisfiable) => {
            out.line(&format!(
                "{} has a solution: there is no conflict to explain",
                file.display()
            ));
            EXIT_FOUND
        }
        Ok(Explanation::Conflict(found)) => {
            note(&said(&found, stop, NO_SOLUTION));
            for name in &found.names {
                out.line(name);
            }
            match kept {
                Some((lowered, sources)) => derive(&mut out, lowered, sources, &found.names, stop),
                None => none_or_stopped(&found, stop),
            }
        }
        Err(_) => incomplete(stop),
    };
    out.finish(code)
}

/// What a conflict's constraints do, in the words for several and one, and
/// what the rest do without any one of them.
struct Verb {
    several: &'static str,
    one: &'static str,
    rest: &'static str,
}

const NO_SOLUTION: Verb = Verb {
    several: "have no solution",
    one: "has no solution",
    rest: "the others have one",
};

const REJECT: Verb = Verb {
    several: "reject the expected values",
    one: "rejects the expected values",
    rest: "the others accept them",
};

/// What the constraints found do, said as far as it was checked: whether
/// each is needed; with values expected, whether they extend without them.
fn said(found: &Conflicting, stop: &Stop, verb: Verb) -> String {
    let (do_, does) = (verb.several, verb.one);
    let mut text = match found.names.len() {
        0 if found.without.is_some() => {
            return "the variables' domains alone reject the expected values".to_string();
        }
        0 => return "the variables' domains alone have no solution".to_string(),
        1 => format!("this constraint {does} on its own"),
        n if found.unproven.is_empty() => format!(
            "these {n} constraints {do_} together, and each is needed: without any one of them {}",
            verb.rest
        ),
        n => format!(
            "these {n} constraints {do_} together; each is needed but perhaps {}, which the checks could not settle {}",
            found.unproven.join(", "),
            if stop.passed() {
                format!("before the run stopped ({})", stop.cause())
            } else {
                "within their budget (a longer --time-limit does not raise it)".to_string()
            }
        ),
    };
    match found.without {
        Some(true) => text.push_str(&format!(
            "; without {} the expected values extend to a solution",
            if found.names.len() == 1 { "it" } else { "them" }
        )),
        Some(false) => text.push_str(&format!(
            "; other constraints reject them too: without {} the expected values still have no solution",
            if found.names.len() == 1 { "it" } else { "these" }
        )),
        None => {}
    }
    text.push(':');
    text
}

/// Exit 1 for a conflict, or 3 when a limit stopped its checks (what they
/// found is still a conflict, printed).
fn none_or_stopped(found: &Conflicting, stop: &Stop) -> u8 {
    if !found.unproven.is_empty() && stop.passed() {
        EXIT_LIMIT
    } else {
        EXIT_NONE
    }
}

/// A limit stopped the explanation: says so, exit 3.
fn incomplete(stop: &Stop) -> u8 {
    note(&format!(
        "solve: {} before the explanation was complete",
        stop.cause()
    ));
    EXIT_LIMIT
}

/// `--expect`: the constraints that reject the values expected.
fn expected(args: &ExplainArgs, lowered: Lowered, sources: Sources, stop: &Stop) -> Run {
    let mut given: Vec<solve::facts::Fact> = Vec::new();
    for text in &args.expect {
        let facts = expect::parse(&lowered, text)
            .map_err(|message| refusal(format!("--expect {text}: {message}"), EXPECT_HELP))?;
        for fact in facts {
            if given
                .iter()
                .any(|g| g.var == fact.var && g.values != fact.values)
            {
                let name = &lowered.model().vars[fact.var.index()].name;
                return Err(refusal(
                    format!("--expect {text}: `{name}` is expected twice, with different values"),
                    "expect one value per variable",
                ));
            }
            given.push(fact);
        }
    }
    let mut out = Printer::new(false);
    let code = match explain_given(lowered, sources, &given, stop) {
        Ok(Explanation::Satisfiable) => {
            out.line("the expected values extend to a solution: no constraint rejects them");
            EXIT_FOUND
        }
        Ok(Explanation::Conflict(found)) => {
            note(&said(&found, stop, REJECT));
            for name in &found.names {
                out.line(name);
            }
            none_or_stopped(&found, stop)
        }
        Err(_) => incomplete(stop),
    };
    out.finish(code)
}

const EXPECT_HELP: &str = "write a declared name and its value as JSON (`x=[[1,2],[2,1]]`, `colour=red`), or one variable (`x[1][2]=3`)";

/// `--steps`: the conflict among `names` derived step by step.
fn derive(
    out: &mut Printer,
    lowered: Lowered,
    sources: Sources,
    names: &[String],
    stop: &Stop,
) -> u8 {
    let mut stepper = walk_to_conflict(lowered, sources, names, Settings::default(), stop);
    out.line("");
    print_start(out, false, &stepper);
    let stopped = || {
        note(&format!(
            "solve: {} before the steps were complete",
            stop.cause()
        ));
        EXIT_LIMIT
    };
    let taken = match print_steps(out, false, &mut stepper) {
        Ok(Some(taken)) => taken.len(),
        // Output closed: nothing more to say.
        Ok(None) => return EXIT_NONE,
        Err(_) => return stopped(),
    };
    if let Ending::Conflict(var) = stepper.ending() {
        let together = if names.len() == 1 {
            "this constraint has no solution"
        } else {
            "these constraints have no solution together"
        };
        if stepper.is_shown(var) {
            let words = stepper.words();
            out.line(&format!(
                "so {} has no value left: {together}",
                words.name(var)
            ));
        } else {
            // The player's variables only: a hidden variable's last step
            // is told as the clash of what it came from.
            let Ok(clash) = stepper.clash(var) else {
                return stopped();
            };
            out.line(&stepper.words().clash_text(taken + 1, &clash));
            out.line(&format!("so {together}"));
        }
    }
    EXIT_NONE
}
