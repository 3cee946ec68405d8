//! MiniZinc in the loop (where `minizinc` is installed; required when
//! `SOLVE_REQUIRE_MINIZINC` is set, as `.ci/run` does): one model in
//! [`EVERY`] is exported with `solve export --minizinc`, flattened twice,
//! for `solve`'s library (`minizinc -c --solver org.solve.solve`, its
//! globals native) and for MiniZinc's standard library alone (`-G std`:
//! every global decomposed into builtins both solvers read), and run by
//! `solve fzn -a` on both and by Gecode's `fzn-gecode -a` on the second.
//! Each must list as many distinct solutions as the brute force counts,
//! and say the search was complete. Where the model has an objective
//! (the sum of its variables, or its negation), the same three ways run
//! through `minizinc` itself (`--solver org.solve.solve`, with `-G std`,
//! and `--solver gecode -G std`) must print the brute force's optimum,
//! proven.

use super::driver::Tally;
use super::model::Model;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::sync::atomic::Ordering;

/// One model in this many goes through MiniZinc.
const EVERY: u64 = 8;

/// The folder `solve fzn --install` filled, once per test run (`None`:
/// no `minizinc` here, and none required).
fn installed() -> Option<&'static Path> {
    static DIR: OnceLock<Option<PathBuf>> = OnceLock::new();
    DIR.get_or_init(|| {
        let found = Command::new("minizinc").arg("--version").output().is_ok()
            && Command::new("fzn-gecode").arg("-help").output().is_ok();
        if !found {
            assert!(
                std::env::var_os("SOLVE_REQUIRE_MINIZINC").is_none(),
                "SOLVE_REQUIRE_MINIZINC is set and `minizinc` or `fzn-gecode` is not installed"
            );
            return None;
        }
        let dir = std::env::temp_dir().join(format!("solve-test-{}-mzn", std::process::id()));
        let dir_text = dir.to_str().expect("a UTF-8 temporary path");
        let (_, err, code) = crate::solve(&["fzn", "--install", dir_text]);
        assert_eq!(code, 0, "solve fzn --install: {err}");
        Some(dir)
    })
    .as_deref()
}

/// How a model is flattened and run.
#[derive(Clone, Copy)]
enum Run {
    /// With solve's library, by `solve fzn`.
    SolveLibrary,
    /// With the standard library alone, by `solve fzn`.
    StdBySolve,
    /// With the standard library alone, by Gecode.
    StdByGecode,
}

impl Run {
    fn says(self) -> &'static str {
        match self {
            Run::SolveLibrary => "solve fzn on the model flattened with solve's library",
            Run::StdBySolve => {
                "solve fzn on the model flattened with the standard library (-G std)"
            }
            Run::StdByGecode => {
                "fzn-gecode on the model flattened with the standard library (-G std)"
            }
        }
    }
}

/// The solutions printed (distinct blocks before `----------`) and
/// whether the search said it was complete.
struct Listed {
    blocks: Vec<String>,
    complete: bool,
}

/// Flattens `mzn` and runs it as `run` says (`-a`: every solution).
fn flatten_and_run(dir: &Path, mzn: &str, run: Run, all: bool) -> Result<Listed, String> {
    let model = crate::TempSpec::new("differential-export", mzn);
    let mzn_path = model.path.with_extension("mzn");
    std::fs::write(&mzn_path, mzn).map_err(|e| e.to_string())?;
    let fzn_path = model.path.with_extension("fzn");
    let ozn_path = model.path.with_extension("ozn");
    let mut compile = Command::new("minizinc");
    let _ = compile.env("MZN_SOLVER_PATH", dir).arg("-c");
    let _ = match run {
        Run::SolveLibrary => compile.args(["--solver", "org.solve.solve"]),
        Run::StdBySolve | Run::StdByGecode => compile.args(["-G", "std"]),
    };
    let compiled = compile
        .arg(&mzn_path)
        .arg("-o")
        .arg(&fzn_path)
        .arg("--output-ozn-to-file")
        .arg(&ozn_path)
        .output()
        .map_err(|e| e.to_string());
    let _ = std::fs::remove_file(&mzn_path);
    let _ = std::fs::remove_file(&ozn_path);
    let compiled = compiled?;
    if !compiled.status.success() {
        let _ = std::fs::remove_file(&fzn_path);
        return Err(format!(
            "minizinc -c failed: {}",
            String::from_utf8_lossy(&compiled.stderr)
        ));
    }
    let flag = if all { vec!["-a"] } else { Vec::new() };
    let fzn = fzn_path.to_str().expect("a UTF-8 temporary path");
    let out = match run {
        Run::StdByGecode => Command::new("fzn-gecode").args(&flag).arg(fzn).output(),
        _ => Command::new(env!("CARGO_BIN_EXE_solve"))
            .arg("fzn")
            .args(&flag)
            .arg(fzn)
            .output(),
    };
    let _ = std::fs::remove_file(&fzn_path);
    let out = out.map_err(|e| e.to_string())?;
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    if !out.status.success() {
        return Err(format!(
            "exit {:?}: {}{}",
            out.status.code(),
            stdout,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let complete = stdout.contains("==========") || stdout.contains("=====UNSATISFIABLE=====");
    // A block per `----------` (empty when flattening fixed every
    // printed variable: the values are then in the .ozn alone).
    let mut blocks = Vec::new();
    let mut block: Vec<&str> = Vec::new();
    for line in stdout.lines() {
        if line == "----------" {
            blocks.push(std::mem::take(&mut block).join("\n"));
        } else if line.contains(" = ") {
            block.push(line);
        }
    }
    if all {
        blocks.sort();
        blocks.dedup();
    }
    Ok(Listed { blocks, complete })
}

/// The runs of an exported model: all three, but MiniZinc 2.6.4's
/// standard `circuit` is wrong on one node (its decomposition asks
/// `x[i] != i`, so `circuit([x])` has no solution where `x = 1` is the
/// circuit), and a model with such a circuit runs with solve's library
/// alone.
fn runs(mzn: &str) -> Vec<Run> {
    let circuit_of_one = mzn.split("circuit([").skip(1).any(|rest| {
        rest.split("])")
            .next()
            .is_some_and(|list| !list.contains(','))
    });
    if circuit_of_one {
        vec![Run::SolveLibrary]
    } else {
        vec![Run::SolveLibrary, Run::StdBySolve, Run::StdByGecode]
    }
}

/// The optimum `minizinc` prints for `mzn` (the export's output item
/// starts with `objective N`; the objective may be fixed by flattening
/// and then printed by the .ozn alone), and whether it was proven.
fn optimum(dir: &Path, mzn: &str, run: Run) -> Result<(Option<i64>, bool), String> {
    let model = crate::TempSpec::new("differential-optimum", mzn);
    let mzn_path = model.path.with_extension("mzn");
    std::fs::write(&mzn_path, mzn).map_err(|e| e.to_string())?;
    let mut command = Command::new("minizinc");
    let _ = command.env("MZN_SOLVER_PATH", dir);
    let _ = match run {
        Run::SolveLibrary => command.args(["--solver", "org.solve.solve"]),
        Run::StdBySolve => command.args(["--solver", "org.solve.solve", "-G", "std"]),
        Run::StdByGecode => command.args(["--solver", "gecode", "-G", "std"]),
    };
    let out = command.arg(&mzn_path).output();
    let _ = std::fs::remove_file(&mzn_path);
    let out = out.map_err(|e| e.to_string())?;
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    if !out.status.success() {
        return Err(format!(
            "exit {:?}: {stdout}{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let value = (stdout.lines())
        .filter_map(|l| l.strip_prefix("objective "))
        .filter_map(|rest| rest.split(' ').next()?.parse::<i64>().ok())
        .next_back();
    let complete = stdout.contains("==========") || stdout.contains("=====UNSATISFIABLE=====");
    Ok((value, complete))
}

/// The exported model of `text` (a spec), by the binary.
fn export(text: &str) -> Result<String, String> {
    let spec = crate::TempSpec::new("differential-mzn", text);
    let (out, err, code) = crate::solve(&["export", "--minizinc", spec.path()]);
    if code == 0 { Ok(out) } else { Err(err) }
}

/// Every [`EVERY`]th model: the reports of what disagrees.
pub(super) fn check(
    index: u64,
    model: &Model,
    text: &str,
    expected: u64,
    tally: &Tally,
) -> Vec<String> {
    if !index.is_multiple_of(EVERY) {
        return Vec::new();
    }
    let Some(dir) = installed() else {
        return Vec::new();
    };
    let _ = tally.minizinc.fetch_add(1, Ordering::Relaxed);
    let mut failures = Vec::new();
    let mzn = match export(text) {
        Ok(mzn) => mzn,
        Err(e) => {
            return vec![format!(
                "`solve export --minizinc` failed: {e}\n--- spec ---\n{text}---"
            )];
        }
    };
    for run in runs(&mzn) {
        match flatten_and_run(dir, &mzn, run, true) {
            Ok(listed) if listed.blocks.len() as u64 == expected && listed.complete => {}
            Ok(listed) => failures.push(format!(
                "{} lists {} distinct solutions (complete: {}), brute force {expected}\n--- spec ---\n{text}--- export ---\n{mzn}---",
                run.says(),
                listed.blocks.len(),
                listed.complete
            )),
            Err(e) => failures.push(format!("{}: {e}\n--- spec ---\n{text}--- export ---\n{mzn}---", run.says())),
        }
    }
    let negated = (index / EVERY).is_multiple_of(2);
    let Some(objective) = model.objective(negated) else {
        return failures;
    };
    let values: Vec<i64> = model
        .solutions(|_| true)
        .iter()
        .map(|s| s.iter().sum::<i64>() * if negated { -1 } else { 1 })
        .collect();
    let best = values.iter().min().copied();
    let with = format!("{text}\n[objective]\nminimize = \"{objective}\"\n");
    let mzn = match export(&with) {
        Ok(mzn) => mzn,
        Err(e) => {
            return vec![format!(
                "`solve export --minizinc` failed: {e}\n--- spec ---\n{with}---"
            )];
        }
    };
    for run in runs(&mzn) {
        let got = optimum(dir, &mzn, run);
        if got != Ok((best, true)) {
            failures.push(format!(
                "{} through minizinc ends on {got:?} (the optimum, complete), brute force {best:?}\n--- spec ---\n{with}--- export ---\n{mzn}---",
                run.says()
            ));
        }
    }
    failures
}

/// The counting globals of solve's library in the forms MiniZinc writes
/// them (`count` and its comparisons, reified; `global_cardinality` open,
/// closed, with bounds, reified; a magic sequence's counts among the
/// items) list as many solutions as Gecode on the standard library.
#[test]
fn the_library_counts_as_gecode_does() {
    let Some(dir) = installed() else {
        return;
    };
    let models = [
        "include \"globals.mzn\";\narray[1..5] of var 0..3: x;\narray[1..3] of var 0..5: c;\n\
         var bool: b;\nvar 0..4: y;\n\
         constraint global_cardinality_closed(x, [0,1,2], c) \\/ b;\n\
         constraint global_cardinality_low_up(x, [1,3], [1,0], [2,1]);\n\
         constraint b <-> count(x, y) >= 2;\nconstraint count_leq(x, 3, y);\n\
         constraint count_eq(x, 2) != 1;\nsolve satisfy;\n",
        "include \"globals.mzn\";\nint: n = 7;\narray[0..n-1] of var 0..n: s;\n\
         constraint forall (i in 0..n-1) (count(s, i, s[i]));\nsolve satisfy;\n",
        "include \"globals.mzn\";\narray[1..6] of var 1..4: x;\narray[1..4] of var 0..3: c;\n\
         constraint global_cardinality_closed(x, [1,2,3,4], c) :: domain;\n\
         constraint global_cardinality_low_up_closed(x, [1,2,3,4], [0,1,1,0], [2,2,3,3]);\n\
         constraint x[1] < x[2];\nsolve satisfy;\n",
    ];
    for mzn in models {
        let count = |run| match flatten_and_run(dir, mzn, run, true) {
            Ok(listed) if listed.complete => listed.blocks.len(),
            Ok(_) => panic!("{} did not finish on\n{mzn}", run.says()),
            Err(e) => panic!("{}: {e}\n{mzn}", run.says()),
        };
        let (ours, gecode) = (count(Run::SolveLibrary), count(Run::StdByGecode));
        assert!(gecode > 0, "no solution to compare on\n{mzn}");
        assert_eq!(ours, gecode, "{}\n{mzn}", Run::SolveLibrary.says());
    }
}
