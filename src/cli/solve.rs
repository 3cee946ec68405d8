//! `solve FILE`: the first solution, every solution, a count, or (with an
//! `[objective]`) each improving solution and the optimum, printed as the
//! flags ask.

use super::{EXIT_FOUND, EXIT_LIMIT, EXIT_NONE, Run, SolveArgs};
use crate::diagnostic::{Diagnostic, Error};
use crate::session::{Session, Solution, View};
use crate::source::Sources;
use std::io::{BufWriter, Stdout, Write as _};
use std::time::Instant;

pub(super) fn run(args: &SolveArgs) -> Run {
    let Some(file) = &args.file else {
        let d = Diagnostic::bare("no spec file given").with_help("try `solve --help`");
        return Err(Error::new(vec![d], &Sources::default()));
    };
    let (lowered, sources) = super::compile(file, &args.spec, args.no_objective)?;
    if args.dump_model {
        print!("{}", lowered.model());
        return Ok(EXIT_FOUND);
    }
    let time_limit = super::time_limit(args.time_limit)?;
    let started = Instant::now();
    let mut session = Session::new(lowered, sources);
    session.set_node_limit(args.node_limit);
    session.set_time_limit(time_limit);
    let mut out = Printer::new(args);
    let code = if session.objective().is_some() {
        optimise(&mut session, &mut out, args)?
    } else {
        satisfy(&mut session, &mut out, args)?
    };
    out.flush();
    if args.stats {
        let stats = session.stats();
        eprintln!("nodes: {}", stats.nodes);
        eprintln!("failures: {}", stats.failures);
        eprintln!("propagations: {}", session.propagations());
        eprintln!("solutions: {}", stats.solutions);
        eprintln!("restarts: {}", stats.restarts);
        eprintln!("time: {:.3} s", started.elapsed().as_secs_f64());
    }
    Ok(code)
}

/// Writes solutions to stdout; a closed pipe (`| head`) ends the run quietly.
struct Printer {
    out: BufWriter<Stdout>,
    json: bool,
    printed: u64,
    closed: bool,
}

impl Printer {
    fn new(args: &SolveArgs) -> Printer {
        Printer {
            out: BufWriter::new(std::io::stdout()),
            json: args.json,
            printed: 0,
            closed: false,
        }
    }

    fn line(&mut self, text: &str) {
        if !self.closed && writeln!(self.out, "{text}").is_err() {
            self.closed = true;
        }
    }

    /// A solution, a blank line before every one but the first.
    fn solution(&mut self, view: View<'_>, solution: &Solution) -> Result<(), Error> {
        let text = if self.json {
            format!("{}\n", view.json(solution))
        } else {
            let separator = if self.printed > 0 { "\n" } else { "" };
            format!("{separator}{}", view.render(solution)?)
        };
        self.printed += 1;
        if !self.closed && self.out.write_all(text.as_bytes()).is_err() {
            self.closed = true;
        }
        Ok(())
    }

    /// A last line after the solutions, separated by a blank line in text.
    fn summary(&mut self, text: &str, json: serde_json::Value) {
        if self.json {
            self.line(&json.to_string());
        } else {
            if self.printed > 0 {
                self.line("");
            }
            self.line(text);
        }
    }

    fn no_solution(&mut self) {
        if self.json {
            eprintln!("no solution");
        } else {
            self.line("no solution");
        }
    }

    fn flush(&mut self) {
        if !self.closed {
            let _ = self.out.flush();
        }
    }
}

fn stopped(found: u64) -> u8 {
    let what = if found == 0 {
        "before a solution was found".to_string()
    } else {
        format!("after {found} solution(s); the search is incomplete")
    };
    eprintln!("solve: stopped by the search limit {what}");
    EXIT_LIMIT
}

/// No objective: the first solution, `--all`, `--limit N` or `--count`.
fn satisfy(session: &mut Session, out: &mut Printer, args: &SolveArgs) -> Run {
    if args.count {
        let count = session.count();
        out.line(&count.solutions.to_string());
        return Ok(finish(count.solutions, !count.complete));
    }
    if !args.all && args.limit.is_none_or(|n| n == 1) {
        // One solution: the search may restart.
        let first = session.first();
        return Ok(match first {
            Ok(Some(solution)) => {
                out.solution(session.view(), &solution)?;
                if args.limit.is_some() {
                    out.summary("1 solution", serde_json::Value::Null);
                }
                EXIT_FOUND
            }
            Ok(None) => {
                if args.limit.is_some() && !args.json {
                    out.line("0 solutions");
                } else {
                    out.no_solution();
                }
                EXIT_NONE
            }
            Err(_) => stopped(0),
        });
    }
    let wanted = args.limit.unwrap_or(u64::MAX);
    let (found, incomplete) = enumerate(session, out, wanted)?;
    if !args.json {
        let s = if found == 1 { "" } else { "s" };
        out.summary(&format!("{found} solution{s}"), serde_json::Value::Null);
    }
    Ok(finish(found, incomplete))
}

/// Prints up to `wanted` solutions; returns how many and whether a limit
/// stopped the search.
fn enumerate(session: &mut Session, out: &mut Printer, wanted: u64) -> Result<(u64, bool), Error> {
    let mut found = 0;
    let mut solutions = session.solutions();
    while found < wanted && !out.closed {
        let Some(solution) = solutions.next() else {
            break;
        };
        found += 1;
        out.solution(solutions.view(), &solution)?;
    }
    Ok((found, solutions.stopped()))
}

/// With an objective: branch and bound, printing each improving solution;
/// with `--all`, `--count` or `--limit`, then the optimal solutions.
fn optimise(session: &mut Session, out: &mut Printer, args: &SolveArgs) -> Run {
    let many = args.all || args.count || args.limit.is_some();
    let mut failed = None;
    let optimum = session.optimise(|view, solution, _| {
        if !many
            && failed.is_none()
            && let Err(e) = out.solution(view, solution)
        {
            failed = Some(e);
        }
    })?;
    if let Some(e) = failed {
        return Err(e);
    }
    let Some((best, value)) = optimum.best else {
        if optimum.proven {
            out.no_solution();
            return Ok(EXIT_NONE);
        }
        return Ok(stopped(0));
    };
    if !optimum.proven {
        if many {
            out.solution(session.view(), &best)?;
        }
        out.summary(
            &format!("best found: {value} (not proven optimal)"),
            serde_json::json!({ "best_found": value, "proven": false }),
        );
        out.flush();
        eprintln!("solve: stopped by the search limit before the optimum was proven");
        return Ok(EXIT_LIMIT);
    }
    let mut code = EXIT_FOUND;
    if many {
        session.push();
        session.fix_objective(value)?;
        let (found, incomplete) = if args.count {
            let count = session.count();
            out.line(&count.solutions.to_string());
            (count.solutions, !count.complete)
        } else {
            let (found, incomplete) = enumerate(session, out, args.limit.unwrap_or(u64::MAX))?;
            if !args.json {
                let s = if found == 1 { "" } else { "s" };
                out.summary(&format!("{found} solution{s}"), serde_json::Value::Null);
            }
            (found, incomplete)
        };
        let _ = session.pop();
        if incomplete {
            code = stopped(found);
        }
        if args.json {
            out.line(&serde_json::json!({ "optimal": value }).to_string());
        } else {
            out.line(&format!("optimal: {value}"));
        }
    } else {
        out.summary(
            &format!("optimal: {value}"),
            serde_json::json!({ "optimal": value }),
        );
    }
    Ok(code)
}

fn finish(found: u64, incomplete: bool) -> u8 {
    if incomplete {
        stopped(found)
    } else if found == 0 {
        EXIT_NONE
    } else {
        EXIT_FOUND
    }
}
