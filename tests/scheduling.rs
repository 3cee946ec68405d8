//! The scheduling globals through the binary: `cumulative`,
//! `disjunctive` and `disjunctive_strict` in specs, against meanings
//! written here from MiniZinc's std decompositions (`fzn_cumulative.mzn`,
//! `fzn_disjunctive*.mzn`) and a brute force; the shipped job shop
//! (`specs/jobshop.toml`, Fisher and Thompson's ft06, shortest schedule
//! 55) checked against the benchmark's own data; both exports; the spec
//! errors; and, where MiniZinc and the peers' Gecode are installed,
//! random MiniZinc models solved by `solve` (its library's native
//! globals) and by Gecode (its own native cumulative and disjunctive,
//! `org.peers.gecode-fixed`): the same solution counts and optima.

use crate::{Rng, TempSpec, count, json_solutions, solve};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A task as the meanings read it: start, duration, requirement.
type Task = (i64, i64, i64);

/// `cumulative`: every time's use at most `capacity` (a task of duration
/// or requirement 0 uses nothing), everything at least 0.
fn cumulative_holds(tasks: &[Task], capacity: i64) -> bool {
    if tasks.is_empty() {
        return true;
    }
    let load = |t: i64| -> i64 {
        let running = tasks.iter().filter(|&&(s, d, _)| s <= t && t < s + d);
        running.map(|t| t.2).sum()
    };
    let (lo, hi) = (-20, 40);
    capacity >= 0
        && tasks.iter().all(|&(_, d, r)| d >= 0 && r >= 0)
        && (lo..=hi).all(|t| load(t) <= capacity)
}

/// `disjunctive` (a task of duration 0 anywhere) or `disjunctive_strict`.
fn disjunctive_holds(tasks: &[Task], strict: bool) -> bool {
    tasks.iter().all(|t| t.1 >= 0)
        && tasks.iter().enumerate().all(|(i, &(a, da, _))| {
            tasks[i + 1..]
                .iter()
                .all(|&(b, db, _)| (!strict && (da == 0 || db == 0)) || a + da <= b || b + db <= a)
        })
}

// ------------------------------------------------------------ the job shop

/// The numbers of a `.dzn` array after `name = array2d(..., [`.
fn dzn_array(text: &str, name: &str) -> Vec<i64> {
    let at = text.find(&format!("{name} =")).expect("the array");
    let open = at + text[at..].find('[').expect("its list");
    let close = open + text[open..].find(']').expect("its end");
    text[open + 1..close]
        .split(',')
        .map(|v| v.trim().parse().expect("a number"))
        .collect()
}

/// ft06's shortest schedule takes 55 (Fisher and Thompson 1963; proven
/// by the search), and the one printed keeps the job order and the
/// machines of the benchmark's data, read from its `.dzn`.
#[test]
fn the_job_shop_spec_finds_ft06_s_optimum_55() {
    let solutions = json_solutions(&["specs/jobshop.toml", "--json"]);
    let (last, schedule) = (
        solutions.last().expect("the optimum line"),
        &solutions[solutions.len() - 2],
    );
    assert_eq!(last["optimal"], 55, "{solutions:?}");
    assert_eq!(schedule["end"], 55);
    let dzn = std::fs::read_to_string("bench/minizinc-benchmarks/jobshop/jobshop_ft06.dzn")
        .expect("the benchmark's ft06");
    let (machine, duration) = (
        dzn_array(&dzn, "job_task_machine"),
        dzn_array(&dzn, "job_task_duration"),
    );
    let start: Vec<i64> = schedule["start"]
        .as_array()
        .expect("rows")
        .iter()
        .flat_map(|row| row.as_array().expect("a row").iter())
        .map(|v| v.as_i64().expect("a start"))
        .collect();
    assert_eq!((start.len(), machine.len()), (36, 36));
    for j in 0..6 {
        for k in 0..5 {
            let t = 6 * j + k;
            assert!(start[t] + duration[t] <= start[t + 1], "job {j} task {k}");
        }
        assert!(start[6 * j + 5] + duration[6 * j + 5] <= 55);
    }
    for m in 0..6 {
        let on: Vec<Task> = (0..36)
            .filter(|&t| machine[t] == m)
            .map(|t| (start[t], duration[t], 1))
            .collect();
        assert!(disjunctive_holds(&on, true), "machine {m}: {on:?}");
    }
}

// ------------------------------------------- random specs against brute force

/// A random instance: tasks with starts over `0..=horizon`, durations and
/// requirements (one of each now and then a variable `dv`, `rv` over
/// `0..=2`), the capacity, and which global.
struct Instance {
    n: usize,
    horizon: i64,
    durations: Vec<Option<i64>>,
    requirements: Vec<Option<i64>>,
    capacity: i64,
    /// 0: cumulative, 1: disjunctive, 2: disjunctive_strict.
    global: usize,
}

impl Instance {
    fn random(rng: &mut Rng) -> Instance {
        let n = rng.range(1, 4) as usize;
        let amount = |rng: &mut Rng, top: i64| (!rng.one_in(6)).then(|| rng.range(0, top));
        Instance {
            n,
            horizon: if n == 4 { 3 } else { 4 },
            durations: (0..n).map(|_| amount(rng, 3)).collect(),
            requirements: (0..n).map(|_| amount(rng, 2)).collect(),
            capacity: rng.range(0, 3),
            global: rng.below(3),
        }
    }

    fn list(items: &[Option<i64>], var: &str) -> String {
        let items: Vec<String> = items
            .iter()
            .map(|x| x.map_or(var.to_string(), |v| v.to_string()))
            .collect();
        format!("[{}]", items.join(", "))
    }

    fn spec(&self, minimize: bool) -> String {
        let (d, r) = (
            Instance::list(&self.durations, "dv"),
            Instance::list(&self.requirements, "rv"),
        );
        let rule = match self.global {
            0 => format!("cumulative(s, {d}, {r}, {})", self.capacity),
            1 => format!("disjunctive(s, {d})"),
            _ => format!("disjunctive_strict(s, {d})"),
        };
        let mut text = format!(
            "[vars]\ns = {{ index = \"0..{}\", domain = \"0..{}\" }}\ndv = {{ domain = \"0..2\" }}\nrv = {{ domain = \"0..2\" }}\n[constraints]\nrule = \"{rule}\"\n",
            self.n - 1,
            self.horizon
        );
        if minimize {
            text.push_str("[objective]\nminimize = \"sum(s) + 3 * dv\"\n");
        }
        text
    }

    /// The solutions over `s`, `dv`, `rv` (each value of an unused
    /// variable counts), and the least `sum(s) + 3 * dv` among them.
    fn brute(&self) -> (u64, Option<i64>) {
        let (mut found, mut best) = (0, None::<i64>);
        let points = (self.horizon + 1).pow(self.n as u32);
        for code in 0..points {
            let mut s = Vec::new();
            let mut c = code;
            for _ in 0..self.n {
                s.push(c % (self.horizon + 1));
                c /= self.horizon + 1;
            }
            for dv in 0..=2 {
                for rv in 0..=2 {
                    let tasks: Vec<Task> = (0..self.n)
                        .map(|i| {
                            let d = self.durations[i].unwrap_or(dv);
                            (s[i], d, self.requirements[i].unwrap_or(rv))
                        })
                        .collect();
                    let holds = match self.global {
                        0 => cumulative_holds(&tasks, self.capacity),
                        g => disjunctive_holds(&tasks, g == 2),
                    };
                    if holds {
                        found += 1;
                        let cost = s.iter().sum::<i64>() + 3 * dv;
                        best = Some(best.map_or(cost, |b| b.min(cost)));
                    }
                }
            }
        }
        (found, best)
    }
}

/// Random specs of one global each: the count at `propagate` and at
/// `check` is the brute force's, and so is the optimum of a cost.
#[test]
fn random_scheduling_specs_count_and_optimise_like_brute_force() {
    let mut rng = Rng::new(91);
    let mut with_solutions = 0;
    for k in 0..60 {
        let inst = Instance::random(&mut rng);
        let (expected, best) = inst.brute();
        with_solutions += u64::from(expected > 0);
        let spec = TempSpec::new("schedule", &inst.spec(false));
        let level = if k % 3 == 0 { "check" } else { "propagate" };
        let args = [spec.path(), "--consistency", level];
        assert_eq!(count(&args), expected, "{}", inst.spec(false));
        let optimising = TempSpec::new("schedule-min", &inst.spec(true));
        let (stdout, stderr, code) = solve(&[optimising.path()]);
        match best {
            None => assert_eq!(code, 1, "{stdout}{stderr}"),
            Some(b) => assert!(
                stdout.trim_end().ends_with(&format!("optimal: {b}")),
                "{}\n{stdout}{stderr}",
                inst.spec(true)
            ),
        }
    }
    assert!(
        with_solutions >= 30,
        "{with_solutions} of 60 have solutions"
    );
}

// --------------------------------------------------------------- exports

/// All three globals, a duration among them a variable whose domain
/// reaches below 0 (no solution there).
const EXPORTED: &str = "[vars]\ns = { index = \"0..2\", domain = \"0..4\" }\nd = { domain = \"-1..2\" }\n[constraints]\nc = \"cumulative(s, [2, d, 1], [1, 1, 2], 2)\"\nu = \"disjunctive([s[0], s[1]], [2, d])\"\nv = \"disjunctive_strict([s[1], s[2]], [d, 1])\"\n";

/// Both exports of a spec with all three globals: the dump counts back
/// to the same number, the MiniZinc one calls MiniZinc's globals (a
/// duration that may be below 0, which MiniZinc's `cumulative` refuses
/// while flattening, as `max(0, d)` beside `d >= 0`).
#[test]
fn the_exports_write_the_three_globals() {
    let spec = TempSpec::new("schedule-export", EXPORTED);
    let expected = count(&[spec.path()]);
    assert!(expected > 0);
    let (dump, stderr, code) = solve(&["--dump-model", spec.path()]);
    assert_eq!(code, 0, "{stderr}");
    for call in ["cumulative([", "disjunctive([", "disjunctive_strict(["] {
        assert!(dump.contains(call), "{dump}");
    }
    let dumped = TempSpec::new("schedule-dumped", &dump);
    assert_eq!(count(&[dumped.path()]), expected);
    let (minizinc, stderr, code) = solve(&["export", "--minizinc", spec.path()]);
    assert_eq!(code, 0, "{stderr}");
    for include in ["cumulative", "disjunctive", "disjunctive_strict"] {
        assert!(
            minizinc.contains(&format!("include \"{include}.mzn\";")),
            "{minizinc}"
        );
    }
    assert!(
        minizinc.contains("constraint disjunctive_strict([x1, x2], [x3, x"),
        "{minizinc}"
    );
    assert!(
        minizinc.contains(
            "constraint forall([x3 >= 0]) /\\ cumulative([x0, x1, x2], [x4, max(0, x3), x5], "
        ),
        "{minizinc}"
    );
}

// ----------------------------------------------------------------- errors

/// A wrong spec is one error at its place.
#[test]
fn wrong_arguments_are_errors_at_their_place() {
    let cases = [
        (
            "cumulative(s, [1, 2], [1, 1, 1], 2)",
            "`cumulative` has 3 start times but 2 durations",
            "4:20",
        ),
        (
            "cumulative(s, [1, 2, 3], [1, 1], 2)",
            "`cumulative` has 3 start times but 2 requirements",
            "4:31",
        ),
        (
            "disjunctive(s, [1, -2, 3])",
            "a duration is at least 0, not -2",
            "4:21",
        ),
        (
            "disjunctive_strict(s, [1, 'a', 3])",
            "expected an integer, found a text",
            "4:28",
        ),
        (
            "cumulative(s, [1, 1, 1], [1, 1, 1], [2])",
            "expected an integer, found a list",
            "4:42",
        ),
        (
            "disjunctive(3, [1, 1, 3])",
            "expected a list, one item per task, found an integer",
            "4:18",
        ),
        (
            "cumulative(s, [1, 1, 1], [1, 1, 1])",
            "`cumulative` takes 4 arguments, found 3",
            "4:6",
        ),
        (
            "disjunctive(s, [1, 1, 1]) or true",
            "`disjunctive` can only be a constraint of its own",
            "4:6",
        ),
    ];
    for (rule, message, at) in cases {
        let text = format!(
            "[vars]\ns = {{ index = \"0..2\", domain = \"0..9\" }}\n[constraints]\nr = \"{rule}\"\n"
        );
        let spec = TempSpec::new("schedule-error", &text);
        let (_, stderr, code) = solve(&[spec.path()]);
        assert_eq!(code, 2, "{rule}: {stderr}");
        assert!(stderr.contains(message), "{rule}: {stderr}");
        assert!(
            stderr.contains(&format!(".toml:{at}\n")),
            "{rule}: {stderr}"
        );
    }
}

// ------------------------------------------------------ against Gecode

/// The MiniZinc driver and the folder of the peers' solver configurations
/// (`PEERS_DIR/minizinc`, else the shared machine's), or `None` with a
/// note when either is missing.
pub(crate) fn gecode_peers() -> Option<PathBuf> {
    let dir = std::env::var_os("PEERS_DIR").map_or_else(
        || PathBuf::from("/work/shared/peers/minizinc"),
        |p| PathBuf::from(p).join("minizinc"),
    );
    let found = Command::new("minizinc").arg("--version").output().is_ok()
        && dir.join("gecode-fixed.msc").exists();
    if !found {
        eprintln!(
            "scheduling: no minizinc or no {}: Gecode not compared",
            dir.display()
        );
    }
    found.then_some(dir)
}

/// `minizinc -a` (all solutions, or every better one) on `model` with the
/// solver `id` found under `path`: the solution blocks and the last one.
pub(crate) fn minizinc(path: &Path, id: &str, model: &Path) -> (usize, String, bool) {
    let out = Command::new("minizinc")
        .env("MZN_SOLVER_PATH", path)
        .args(["--solver", id, "-a"])
        .arg(model)
        .output()
        .expect("minizinc runs");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{id} on {}: {text}", model.display());
    let blocks: Vec<&str> = text.split("----------").collect();
    let last = blocks[blocks.len().saturating_sub(2)].trim().to_string();
    (blocks.len() - 1, last, text.contains("=========="))
}

/// A random MiniZinc model over the three globals (each with its own
/// tasks, some durations and requirements variables), to count or to
/// minimise the makespan.
fn random_model(rng: &mut Rng, minimize: bool) -> String {
    let mut m = String::from("include \"globals.mzn\";\n");
    let mut ends = Vec::new();
    let amount = |rng: &mut Rng, top: i64| -> String {
        if rng.one_in(5) {
            format!("v{}", rng.below(2))
        } else {
            rng.range(0, top).to_string()
        }
    };
    m.push_str("var 0..2: v0;\nvar 1..2: v1;\n");
    for g in 0..rng.range(1, 2) {
        let n = rng.range(2, 3);
        let h = rng.range(3, 5);
        m.push_str(&format!("array[1..{n}] of var 0..{h}: s{g};\n"));
        let ds: Vec<String> = (0..n).map(|_| amount(rng, 3)).collect();
        let rs: Vec<String> = (0..n).map(|_| amount(rng, 2)).collect();
        let (d, r) = (ds.join(", "), rs.join(", "));
        let rule = match rng.below(3) {
            0 => format!("cumulative(s{g}, [{d}], [{r}], {})", rng.range(1, 3)),
            1 => format!("disjunctive(s{g}, [{d}])"),
            _ => format!("disjunctive_strict(s{g}, [{d}])"),
        };
        m.push_str(&format!("constraint {rule};\n"));
        ends.extend((0..n).map(|i| format!("s{g}[{}] + {}", i + 1, ds[i as usize])));
    }
    if minimize {
        m.push_str(&format!(
            "var int: makespan = max([{}]);\nsolve minimize makespan;\noutput [show(makespan)];\n",
            ends.join(", ")
        ));
    } else {
        m.push_str("solve satisfy;\n");
    }
    m
}

/// Random scheduling models: `solve` with its library and Gecode with its
/// own native globals list as many solutions, and prove the same optimum.
#[test]
fn random_scheduling_models_agree_with_gecode() {
    let Some(peers) = gecode_peers() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("solve-test-{}-schedule", std::process::id()));
    let (_, err, code) = solve(&["fzn", "--install", dir.to_str().expect("UTF-8")]);
    assert_eq!(code, 0, "{err}");
    let mut rng = Rng::new(17);
    let mut solved = 0;
    for k in 0..24 {
        let minimize = k % 2 == 1;
        let model = random_model(&mut rng, minimize);
        let file = dir.join(format!("m{k}.mzn"));
        std::fs::write(&file, &model).expect("the model");
        let ours = minizinc(&dir, "org.solve.solve", &file);
        let gecode = minizinc(&peers, "org.peers.gecode-fixed", &file);
        solved += usize::from(ours.0 > 0);
        if minimize {
            assert_eq!((&ours.1, ours.2), (&gecode.1, gecode.2), "{model}");
        } else {
            assert_eq!(ours.0, gecode.0, "{model}");
        }
    }
    // The spec export, by Gecode: the spec's count.
    let spec = TempSpec::new("schedule-export-gecode", EXPORTED);
    let (exported, _, _) = solve(&["export", "--minizinc", spec.path()]);
    let file = dir.join("exported.mzn");
    std::fs::write(&file, exported).expect("the export");
    let by_gecode = minizinc(&peers, "org.peers.gecode-fixed", &file);
    assert_eq!(by_gecode.0 as u64, count(&[spec.path()]));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(solved >= 12, "only {solved} of 24 models have a solution");
}
