//! Two searches taken in turn on one thread (`SearchPlan::interleave`,
//! src/session/interleave.rs). Oracles: the side sums of PUZZLES.md's
//! ring of eight (12..15), and the plain search of the same spec (a
//! second algorithm) for which specs have a solution and what their
//! optimum is. Short turns (a node or a few) make both searches run on
//! these small specs; the second's restarts, which the plain search never
//! makes, show that it did.

use crate::{TempSpec, solve, solve_with};
use solve::model::plan::{
    Arm, DEFAULT_SLICE, ROBUST_ARM, RestartPolicy, Restarts, ValueOrder, VarOrder,
};
use solve::session::Session;
use std::ops::ControlFlow;

fn spec(name: &str) -> String {
    std::fs::read_to_string(format!("{}/specs/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// AFC with last-conflict and geometric restarts from one failure, in
/// turns of `slice` nodes.
fn arm(slice: u64) -> Arm {
    Arm {
        var: VarOrder::Afc,
        value: ValueOrder::Max,
        restarts: Restarts {
            policy: RestartPolicy::Geometric,
            scale: 1,
        },
        last_conflict: true,
        slice,
    }
}

/// `session`'s spec searched with `arm` interleaved (`None`: alone).
fn with_arm(session: &Session, arm: Option<Arm>) -> Session {
    let mut lowered = session.lowered().clone();
    lowered.plan.interleave = arm;
    Session::new(lowered, session.sources().clone())
}

fn interleaved(session: &Session, arm: Arm) -> Session {
    with_arm(session, Some(arm))
}

/// Optimises, checking that each solution heard improves on the last:
/// the optimum, whether it is proven.
fn optimise(session: &mut Session) -> (Option<i64>, bool) {
    let mut heard: Vec<i64> = Vec::new();
    let optimum = session
        .optimise(|_, _, v| {
            heard.push(v);
            ControlFlow::Continue(())
        })
        .unwrap();
    let sense_up = heard.first() <= heard.last();
    assert!(
        heard
            .windows(2)
            .all(|w| if sense_up { w[0] < w[1] } else { w[0] > w[1] }),
        "each solution improves: {heard:?}"
    );
    let complete = optimum.is_complete();
    (optimum.into_value().map(|(_, v)| v), complete)
}

#[test]
fn the_ring_optima_are_those_of_the_puzzles_in_any_turns() {
    // PUZZLES.md: the side sums of the ring of eight are 12..15.
    for (sense, expected) in [("maximize", 15), ("minimize", 12)] {
        let text = format!("{}\n[objective]\n{sense} = \"S\"\n", spec("magic8.toml"));
        let plain = Session::from_text("ring.toml", &text, &[]).unwrap();
        for slice in [1, 3, 1000] {
            let mut session = interleaved(&plain, arm(slice));
            assert_eq!(
                optimise(&mut session),
                (Some(expected), true),
                "{sense}, slice {slice}"
            );
            if slice == 1 {
                assert!(session.stats().restarts > 0, "the second search ran");
            }
        }
    }
}

/// A first solution interleaved exists exactly when the plain search
/// finds one (every solution a session returns is checked against every
/// constraint), and an optimum is the plain search's, proven.
#[test]
fn interleaved_answers_are_the_plain_searches_answers() {
    let cases: [(&str, &[&str]); 9] = [
        ("queens.toml", &["n=3"]),
        ("queens.toml", &["n=8"]),
        ("magic9.toml", &[]),
        ("magic-sequence.toml", &[]),
        ("sudoku.toml", &[]),
        ("zebra.toml", &[]),
        ("dominating-queens.toml", &["n=5"]),
        ("jobshop.toml", &[]),
        ("roster.toml", &[]),
    ];
    for (name, set) in cases {
        let given = Session::from_text(name, &spec(name), set).unwrap();
        let mut plain = with_arm(&given, None);
        for slice in [1, 2, 50] {
            let mut session = interleaved(&plain, arm(slice));
            let context = format!("{name} {set:?}, slice {slice}");
            if plain.objective().is_some() {
                let want = optimise(&mut plain);
                assert!(want.1, "{context}: the plain search proves its optimum");
                assert_eq!(optimise(&mut session), want, "{context}");
            } else {
                let want = plain.first().unwrap().is_some();
                let got = session.first().unwrap();
                assert_eq!(got.is_some(), want, "{context}");
            }
        }
    }
}

/// The two searches share the session's node budget: a limit stops them
/// both, and what stopped is said, never "no solution".
#[test]
fn a_node_limit_stops_both_searches() {
    // Pigeonhole: 8 different values in 0..6, which only a search sees.
    let text = "[vars]\nx = { index = \"0..7\", domain = \"0..6\" }\n\
                [constraints]\nall = \"alldifferent(x)\"\n";
    let plain = Session::from_text("pigeons.toml", text, &[]).unwrap();
    let mut session = interleaved(&plain, arm(5));
    session.set_node_limit(Some(2_000));
    assert!(session.first().is_err(), "a limit is not a proof");
    session.set_node_limit(None);
    let mut whole = interleaved(&plain, arm(5));
    assert_eq!(whole.first(), Ok(None));
    assert!(whole.stats().restarts > 0, "the second search ran");
}

/// Four different digits, and no `[search]`.
const FOUR: &str = "[vars]\nx = { index = \"0..3\", domain = \"0..3\" }\n\
                    [constraints]\nd = \"alldifferent(x)\"\n";

/// The second search a spec asks for, in each form `[search] interleave`
/// and `--interleave` take: `on` (or `true`) is the measured one, `off`
/// (`false`, `none`) none, items name its own settings and leave the rest
/// at a search's defaults.
#[test]
fn a_spec_names_its_second_search_in_every_form() {
    let mine = Arm {
        var: VarOrder::DomWdeg,
        value: ValueOrder::Max,
        restarts: Restarts {
            policy: RestartPolicy::Luby,
            scale: 30,
        },
        last_conflict: false,
        slice: 7,
    };
    let defaults = Arm {
        var: VarOrder::FirstFail,
        value: ValueOrder::Min,
        restarts: Restarts::NONE,
        last_conflict: false,
        slice: DEFAULT_SLICE,
    };
    for (said, want) in [
        ("\"on\"", Some(ROBUST_ARM)),
        ("true", Some(ROBUST_ARM)),
        ("\"off\"", None),
        ("false", None),
        ("\"none\"", None),
        (
            "\"var=dom-wdeg,value=max restart=luby,restart_scale=30 slice=7\"",
            Some(mine),
        ),
        (
            "\"last-conflict=on\"",
            Some(Arm {
                last_conflict: true,
                ..defaults
            }),
        ),
    ] {
        let text = format!("{FOUR}[search]\ninterleave = {said}\n");
        let session = Session::from_text("four.toml", &text, &[]).unwrap();
        assert_eq!(session.lowered().plan.interleave, want, "{said}");
        // Off in so many words: questions any solution answers search
        // alone too; else they take turns with the robust search.
        let off = want.is_none();
        assert_eq!(session.lowered().plan.alone, off, "{said}");
        let mut session = session;
        let during = session.in_turn_with_robust(|s| s.lowered().plan.interleave);
        assert_eq!(
            during,
            if off { None } else { want.or(Some(ROBUST_ARM)) },
            "{said}"
        );
        assert_eq!(session.lowered().plan.interleave, want, "{said}: put back");
    }
    // Said nowhere: alone is not asked for, the robust search takes turns.
    let mut session = Session::from_text("four.toml", FOUR, &[]).unwrap();
    assert!(!session.lowered().plan.alone);
    let during = session.in_turn_with_robust(|s| s.lowered().plan.interleave);
    assert_eq!(during, Some(ROBUST_ARM));
}

/// A spec that names no search of its own takes turns with the measured
/// second search for its optimum, and only then: not for a first
/// solution, not once it or the command line names an order, a phase or
/// the turns themselves.
#[test]
fn branch_and_bound_takes_turns_unless_a_search_is_named() {
    let ring = |search: &str| {
        let text = format!("{FOUR}[objective]\nmaximize = \"x[0] + 2 * x[1]\"\n{search}");
        Session::from_text("four.toml", &text, &[])
            .unwrap()
            .lowered()
            .plan
            .interleave
    };
    assert_eq!(ring(""), Some(ROBUST_ARM));
    for named in [
        "[search]\nvar = \"first-fail\"\n",
        "[search]\nvalue = \"min\"\n",
        "[search]\nrestart = \"luby\"\n",
        "[search]\nlast_conflict = false\n",
        "[search]\norder = [\"x\"]\n",
        "[search]\ninterleave = \"off\"\n",
    ] {
        assert_eq!(ring(named), None, "{named}");
    }
    // Seeds and levels are no search order.
    assert_eq!(ring("[search]\nseed = 3\n"), Some(ROBUST_ARM));
    let first = Session::from_text("four.toml", FOUR, &[]).unwrap();
    assert_eq!(first.lowered().plan.interleave, None, "a first solution");
    // `--dump-model` writes the turns out, and its text runs back to them.
    let file = TempSpec::new(
        "four-max",
        &format!("{FOUR}[objective]\nmaximize = \"x[0]\"\n"),
    );
    let (dumped, err, code) = solve(&["--dump-model", file.path()]);
    assert_eq!(code, 0, "{err}");
    assert!(dumped.contains("interleave = \"var=afc value=min restart=geometric restart_scale=100 last_conflict=on slice=1000\""), "{dumped}");
    let back = Session::from_text("dumped.toml", &dumped, &[]).unwrap();
    assert_eq!(back.lowered().plan.interleave, Some(ROBUST_ARM));
    // And turns refused in so many words stay refused.
    let (dumped, err, code) = solve(&["--dump-model", file.path(), "--interleave", "off"]);
    assert_eq!(code, 0, "{err}");
    assert!(dumped.contains("interleave = false"), "{dumped}");
    let back = Session::from_text("dumped.toml", &dumped, &[]).unwrap();
    assert_eq!(back.lowered().plan.interleave, None);
    assert!(back.lowered().plan.alone);
}

/// The optimum's solution printed is first-fail's, whatever the turns and
/// the threads: the roster (no `[search]`) solved in turns on one and two
/// threads, and alone, ends on the same rota; PUZZLES.md's ring of eight,
/// maximised, at 15.
#[test]
fn the_optimal_solution_printed_is_the_same_in_turns_or_alone() {
    let last = |out: &str| {
        let blocks: Vec<&str> = out.trim_end().split("\n\n").collect();
        blocks[blocks.len() - 2..].join("\n\n")
    };
    let roster = format!("{}/specs/roster.toml", env!("CARGO_MANIFEST_DIR"));
    let (alone, err, code) = solve(&[&roster, "-j", "1", "--interleave", "off"]);
    assert_eq!(code, 0, "{err}");
    assert!(alone.ends_with("optimal: 2\n"), "{alone}");
    for threads in ["1", "2"] {
        let (turns, err, code) = solve(&[&roster, "-j", threads]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(last(&turns), last(&alone), "-j {threads}");
    }
    let ring = TempSpec::new(
        "ring-max",
        &format!("{}\n[objective]\nmaximize = \"S\"\n", spec("magic8.toml")),
    );
    for flags in [&[][..], &["--interleave", "var=afc,slice=1"][..]] {
        let mut args = vec![ring.path()];
        args.extend(flags);
        let (out, err, code) = solve(&args);
        assert_eq!(code, 0, "{err}");
        assert!(out.ends_with("optimal: 15\n"), "{flags:?}: {out}");
    }
}

/// Whatever order found the optimum (a learning one, last-conflict,
/// restarts, the default's dom/wdeg in turns), the optimal solution
/// printed and the first of `--all` are the static order's, first-fail's
/// alone, on one thread or two.
#[test]
fn an_optimum_found_by_learning_is_printed_by_the_static_order() {
    let last = |out: &str| {
        let blocks: Vec<&str> = out.trim_end().split("\n\n").collect();
        blocks[blocks.len() - 2].to_string()
    };
    let roster = format!("{}/specs/roster.toml", env!("CARGO_MANIFEST_DIR"));
    let (alone, err, code) = solve(&[&roster, "-j", "1", "--var", "first-fail"]);
    assert_eq!(code, 0, "{err}");
    let printed = last(&alone);
    let learning: [&[&str]; 5] = [
        &[],
        &[
            "--var",
            "first-fail-random",
            "--value",
            "random",
            "--seed",
            "7",
        ],
        &["--var", "dom-wdeg"],
        &["--last-conflict", "on"],
        &[
            "--var",
            "activity",
            "--restart",
            "luby",
            "--interleave",
            "var=afc,slice=7",
        ],
    ];
    // Two threads split the search from its first node (not after a
    // probe alone), so that the parts search the optimum too.
    let split = [("SOLVE_ALONE_NODES", "0")];
    for flags in learning {
        for threads in ["1", "2"] {
            let mut args = vec![roster.as_str(), "-j", threads];
            args.extend(flags);
            let (out, err, code) = solve_with(&args, &split);
            assert_eq!(code, 0, "{flags:?} -j {threads}: {err}");
            assert!(out.ends_with("optimal: 2\n"), "{flags:?}: {out}");
            assert_eq!(last(&out), printed, "{flags:?} -j {threads}");
            args.extend(["--all", "--limit", "1"]);
            let (all, err, code) = solve_with(&args, &split);
            assert_eq!(code, 0, "{flags:?} -j {threads} --all: {err}");
            let first = all.split("\n\n").nth(1).expect("an optimal solution");
            assert_eq!(first, printed, "{flags:?} -j {threads} --all");
        }
    }
}

/// A bad second search is one message at the string, naming what the key
/// takes; a TOML value of the wrong type too; and the flag's likewise.
#[test]
fn a_bad_second_search_is_an_error_at_its_text() {
    for (said, says) in [
        ("\"var=afcc\"", "did you mean `afc`?"),
        ("\"slise=3\"", "did you mean `slice`?"),
        ("\"seed=3\"", "the second search has no key `seed`"),
        ("\"sometimes\"", "`sometimes` is not KEY=VALUE"),
        ("\"slice=0\"", "not a positive integer"),
        ("\" \"", "`interleave` is empty"),
        ("3", "expected `true`, `false` or a string"),
    ] {
        let text = format!("[vars]\nA = \"0..9\"\n\n[search]\ninterleave = {said}\n");
        let file = TempSpec::new("bad-interleave", &text);
        let (_, err, code) = solve(&[file.path()]);
        assert_eq!(code, 2, "{said}: {err}");
        assert!(err.contains(says), "{said}: {err}");
        assert!(err.contains(":5:"), "{said}: the line of the key: {err}");
    }
    let queens = format!("{}/specs/queens.toml", env!("CARGO_MANIFEST_DIR"));
    let (_, err, code) = solve(&[&queens, "--interleave", "var=fast"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--interleave") && err.contains("unknown variable order `fast`"),
        "{err}"
    );
}

/// Each column's rows over every solution of n queens, by brute force
/// over the permutations.
fn queens_rows_by_brute_force(n: usize) -> Vec<Vec<i64>> {
    fn place(q: &mut Vec<i64>, n: usize, rows: &mut Vec<std::collections::BTreeSet<i64>>) {
        if q.len() == n {
            for (c, &r) in q.iter().enumerate() {
                let _ = rows[c].insert(r);
            }
            return;
        }
        let c = q.len() as i64;
        for r in 0..n as i64 {
            let free =
                (q.iter().enumerate()).all(|(d, &s)| s != r && (s - r).abs() != c - d as i64);
            if free {
                q.push(r);
                place(q, n, rows);
                let _ = q.pop();
            }
        }
    }
    let mut rows = vec![std::collections::BTreeSet::new(); n];
    place(&mut Vec::new(), n, &mut rows);
    rows.into_iter().map(|s| s.into_iter().collect()).collect()
}

/// Candidates search with their values narrowed; a second search in turn
/// searched without them (its session copied the constraints only), met
/// the values seen already and asked again for ever. Turns of a node or
/// three make the second search run on so small a board (the default
/// turn, 1,000 nodes, ends every question first); `off` searches alone.
/// Any turns, any second search: the values of the brute force.
#[test]
fn candidates_in_turns_keep_the_narrowed_values() {
    let expected = queens_rows_by_brute_force(6);
    for interleave in [
        "off",
        "var=afc,restart=geometric,restart_scale=1,last_conflict=on,slice=1",
        "var=dom-wdeg,slice=1",
        "var=input,value=max,slice=3",
    ] {
        let (out, err, code) = solve(&[
            "candidates",
            "specs/queens.toml",
            "--set",
            "n=6",
            "--no-symmetry",
            "--json",
            "--time-limit",
            "5",
            "--interleave",
            interleave,
        ]);
        assert_eq!(code, 0, "{interleave}: {err}");
        let found: Vec<Vec<i64>> = (out.lines())
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .map(|v| serde_json::from_value(v["values"].clone()).unwrap())
            .collect();
        assert_eq!(found, expected, "{interleave}");
    }
}
