//! The threads and parts checks (the binary's): `--all` prints the same
//! bytes with 1 and 3 threads and as 2 parts merged, with and without an
//! objective.

use std::panic::{AssertUnwindSafe, catch_unwind};

use super::model::Model;
use super::solver::panic_message;
use crate::TempSpec;

/// Every 4th model, under one of the static orders in turn (`input` or
/// `first-fail` variables, `min`, `max` or `split` values): `--all` prints
/// the same bytes with 1 and with 3 threads, every search spread
/// (`SOLVE_ALONE_NODES=0`), and `--part K/2` + `solve merge` prints them
/// too. The same with an objective added (the sum of the variables, or
/// its negation, minimised): the optimal solutions with `--all`, and the
/// optimal solution and value printed last. A report for each difference.
pub(super) fn check_threads_keep_the_order(
    index: u64,
    model: &Model,
    path: &str,
    text: &str,
) -> Vec<String> {
    if !index.is_multiple_of(4) {
        return Vec::new();
    }
    let k = (index / 4) as usize;
    let (var, value) = (
        ["input", "first-fail"][k % 2],
        ["min", "max", "split"][k / 2 % 3],
    );
    let order = ["--var", var, "--value", value];
    let mut failures = Vec::new();
    let mut compare = |what: &str, path: &str, text: &str, mode: &[&str], last: bool| {
        let run = |extra: &[&str]| {
            let mut args: Vec<&str> = mode.to_vec();
            args.extend(order);
            args.extend(extra);
            args.push(path);
            let spread = [("SOLVE_ALONE_NODES", "0")];
            catch_unwind(AssertUnwindSafe(|| crate::solve_with(&args, &spread)))
                .map_err(panic_message)
                .map(|(out, err, code)| {
                    let out = if last {
                        let lines: Vec<&str> = out.lines().filter(|l| !l.is_empty()).collect();
                        lines[lines.len().saturating_sub(2)..].join("\n")
                    } else {
                        out
                    };
                    (
                        out,
                        if code == 0 || code == 1 {
                            String::new()
                        } else {
                            err
                        },
                        code,
                    )
                })
        };
        let one = run(&["-j", "1"]);
        let three = run(&["-j", "3"]);
        if one != three {
            failures.push(format!(
                "model {index}: `solve {} {}` ({what}) differs with -j 1 and -j 3:\n{one:?}\n{three:?}\n--- spec ---\n{text}---",
                mode.join(" "),
                order.join(" ")
            ));
        }
        if mode == ["--all"] {
            let merged = merge_parts(path, &order);
            if one.as_ref().map(|o| &o.0) != merged.as_ref() {
                failures.push(format!(
                    "model {index}: `solve --all {}` ({what}) and its 2 parts merged differ:\n{one:?}\n{merged:?}\n--- spec ---\n{text}---",
                    order.join(" ")
                ));
            }
        }
    };
    compare("no objective", path, text, &["--all"], false);
    if let Some(objective) = model.objective(k.is_multiple_of(2)) {
        let with = format!("{text}\n[objective]\nminimize = \"{objective}\"\n");
        let file = TempSpec::new("differential-objective", &with);
        compare("objective", file.path(), &with, &["--all"], false);
        compare("objective", file.path(), &with, &[], true);
    }
    failures
}

/// `solve merge` of `solve --all ORDER --part K/2 --json PATH` for K = 0, 1:
/// its output, or what went wrong.
fn merge_parts(path: &str, order: &[&str]) -> Result<String, String> {
    let mut lines = String::new();
    for k in ["0/2", "1/2"] {
        let mut args = vec!["--all", "--json", "--part", k];
        args.extend(order);
        args.push(path);
        let (out, err, code) = crate::solve(&args);
        if code > 1 {
            return Err(format!("part {k}: exit {code}: {err}"));
        }
        lines.push_str(&out);
    }
    let parts = TempSpec::new("differential-parts", &lines);
    let (out, err, code) = crate::solve(&["merge", parts.path()]);
    if code > 1 {
        return Err(format!("merge: exit {code}: {err}"));
    }
    Ok(out)
}
