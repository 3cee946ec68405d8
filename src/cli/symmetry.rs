//! `solve check-symmetry FILE`: prints the report of
//! [`solve::symmetry::check`] (what is checked is said there).

use super::args::Threads;
use super::output::Printer;
use super::{EXIT_FOUND, EXIT_NONE, Params, Run, SpecArgs, TimeLimit};
use solve::compile::Compiled;
use solve::stop::Stop;
use solve::symmetry::check::{NotSymmetric, Report, check};
use std::path::PathBuf;

/// What `solve check-symmetry` takes.
#[derive(Debug, clap::Args)]
pub(crate) struct CheckSymmetryArgs {
    /// The spec file.
    file: PathBuf,
    #[command(flatten)]
    params: Params,
    /// Check every solution, not only the optimal ones of the
    /// [objective].
    #[arg(long)]
    no_objective: bool,
    /// Work out the solutions' classes on N threads (default: [search]
    /// threads, else every core the process may use); the searches run on
    /// one. The report does not depend on N.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u64).range(1..=solve::spec::settings::MOST_THREADS))]
    threads: Option<u64>,
    #[command(flatten)]
    pub time: TimeLimit,
}

pub(super) fn run(args: &CheckSymmetryArgs, stop: &Stop) -> Run {
    let (file, no_objective) = (&args.file, args.no_objective);
    let spec = &SpecArgs {
        params: args.params.clone(),
        ..SpecArgs::default()
    };
    let without = SpecArgs {
        no_symmetry: true,
        symmetries: true,
        ..spec.clone()
    };
    let with = SpecArgs {
        no_symmetry: false,
        ..spec.clone()
    };
    let (Compiled { lowered, run }, sources) = super::compiled(file, &without, no_objective, stop)?;
    let threads = Threads {
        threads: args.threads,
    }
    .resolve(&run);
    let report = check(
        lowered,
        sources,
        || super::compile(file, &with, no_objective, stop),
        stop,
        threads,
    )?;
    let mut out = Printer::new(false);
    print(&report, &mut out);
    out.finish(if report.ok() { EXIT_FOUND } else { EXIT_NONE })
}

fn print(report: &Report, out: &mut Printer) {
    // With an objective every figure is of the optimal solutions.
    let optimal = if report.optimum.is_some() {
        "optimal "
    } else {
        ""
    };
    if let Some(value) = report.optimum {
        out.line(&format!(
            "optimal without the breaking constraints: {value}"
        ));
    }
    out.line(&format!(
        "{optimal}solutions without the breaking constraints: {}",
        report.solutions
    ));
    if let Some(wrong) = &report.not_symmetric {
        not_symmetric(report, wrong, optimal, out);
        return;
    }
    out.line(&format!(
        "classes under the declared symmetries ({}): {}",
        report.names.join(", "),
        report.classes
    ));
    let Some(breaking) = &report.breaking else {
        out.line("no breaking constraints (rules in [symmetry] or break = \"lex-leader\"): nothing more to check");
        return;
    };
    if let Some(kept_optimum) = breaking.changed_optimum {
        let show = |v: Option<i64>| v.map_or_else(|| "no solution".to_string(), |v| v.to_string());
        out.line(&format!(
            "\nlost: the breaking constraints change the optimum: {} without them, {} with them (they are wrong)",
            show(report.optimum),
            show(kept_optimum)
        ));
        return;
    }
    out.line(&format!(
        "kept by the breaking constraints: {} {}",
        breaking.kept,
        if breaking.kept == 1 {
            format!("{optimal}solution")
        } else {
            format!("{optimal}solutions")
        }
    ));
    if report.ok() {
        out.line("every class keeps exactly one solution: ok");
        return;
    }
    let (lost, examples) = &breaking.lost;
    if *lost > 0 {
        let keep = if *lost == 1 { "keeps" } else { "keep" };
        out.line(&format!(
            "\nlost: {} {keep} no solution (the breaking constraints are wrong), e.g. the class of:",
            solve::diagnostic::counted_as(*lost as u64, "class", "classes")
        ));
        for (k, solution) in examples.iter().enumerate() {
            if k > 0 {
                out.line("");
            }
            out.line(solution);
        }
    }
    let (twice, examples) = &breaking.twice;
    if *twice > 0 {
        out.line(&format!(
            "\nkept more than once: {} (the breaking is incomplete), e.g. the class of:",
            solve::diagnostic::counted_as(*twice as u64, "class", "classes")
        ));
        for (k, (solution, n)) in examples.iter().enumerate() {
            if k > 0 {
                out.line("");
            }
            out.line(solution);
            out.line(&format!(
                "({} of this class kept)",
                solve::diagnostic::counted(*n as u64, "solution")
            ));
        }
    }
}

/// A declared symmetry that maps some solutions to non-solutions: examples
/// and how many.
fn not_symmetric(report: &Report, wrong: &NotSymmetric, optimal: &str, out: &mut Printer) {
    for (name, solution) in &wrong.examples {
        out.line(&format!(
            "\nsymmetry `{name}` maps this {optimal}solution to one that is not {}:",
            if report.optimum.is_some() {
                "an optimal solution"
            } else {
                "a solution"
            }
        ));
        out.line(solution);
    }
    let what = match report.optimum {
        Some(_) => {
            if wrong.count == 1 {
                "optimal solution is mapped to a solution that is not optimal or not a solution; a symmetry must keep the objective's value too"
            } else {
                "optimal solutions are mapped to solutions that are not optimal or not solutions; a symmetry must keep the objective's value too"
            }
        }
        None if wrong.count == 1 => "solution is mapped to a non-solution",
        None => "solutions are mapped to non-solutions",
    };
    out.line(&format!(
        "\nnot a symmetry: {} {what}; the declaration is wrong for this instance",
        wrong.count
    ));
}
