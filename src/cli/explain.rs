//! `solve explain FILE`: for a spec with no solution, a minimal set of its
//! named constraints that already has none, one per line.

use super::{EXIT_FOUND, EXIT_LIMIT, EXIT_NONE, Run, SpecArgs};
use crate::explain::{Explanation, explain};
use std::path::PathBuf;

pub(super) fn run(file: &PathBuf, args: &SpecArgs, time_limit: Option<f64>) -> Run {
    let time_limit = super::time_limit(time_limit)?;
    let (lowered, sources) = super::compile(file, args, true)?;
    Ok(match explain(lowered, sources, time_limit) {
        Ok(Explanation::Satisfiable) => {
            println!(
                "{} has a solution: there is no conflict to explain",
                file.display()
            );
            EXIT_FOUND
        }
        Ok(Explanation::Conflict(names)) => {
            if names.is_empty() {
                eprintln!("the variables' domains alone have no solution");
            } else {
                eprintln!(
                    "these {} constraints have no solution together; without any one of them there is one:",
                    names.len()
                );
            }
            for name in names {
                println!("{name}");
            }
            EXIT_NONE
        }
        Err(_) => {
            eprintln!("solve: stopped by the time limit before the explanation was complete");
            EXIT_LIMIT
        }
    })
}
