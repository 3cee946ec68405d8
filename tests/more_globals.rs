//! The globals of issue 50's last item: `member` and
//! `alldifferent_except(_0)` native (in specs against a brute force at
//! every level and through both exports, their misuse a spec error), and,
//! where MiniZinc and the peers' Gecode are installed, random MiniZinc
//! models over `member`, `alldifferent_except_0`, `all_different_except`,
//! `nvalue`, `increasing`, `value_precede_chain`, `diffn` and
//! `bin_packing_load` solved by `solve` (its library: `member` and
//! `alldifferent_except` native, the others MiniZinc's std
//! decompositions) and by Gecode
//! (`org.peers.gecode-fixed`, native where Gecode has them): the same
//! solution counts.

use crate::scheduling::{gecode_peers, minizinc};
use crate::{Rng, TempSpec, count, solve};

/// The global as the spec export writes it, and as the MiniZinc export
/// does with the file it includes.
struct Named<'a> {
    spec: &'a str,
    minizinc: &'a str,
    include: &'a str,
}

/// `text`'s count is `expected` at every level, and again from the
/// `--dump-model` text and through the MiniZinc export, which name the
/// global as `named` says.
fn counts_everywhere(label: &str, text: &str, expected: u64, named: &Named<'_>) {
    assert!(expected > 0, "{label}: no solution to compare");
    let spec = TempSpec::new(label, text);
    for level in ["propagate", "domain", "check"] {
        let got = count(&[spec.path(), "--consistency", level]);
        assert_eq!(got, expected, "{label} at {level}");
    }
    let (exported, stderr, code) = solve(&["--dump-model", spec.path()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        exported.contains(&format!("{}([", named.spec)),
        "{exported}"
    );
    let again = TempSpec::new(label, &exported);
    assert_eq!(count(&[again.path()]), expected, "{label} exported");
    let (mzn, stderr, code) = solve(&["export", "--minizinc", spec.path()]);
    assert_eq!(code, 0, "{stderr}");
    let include = format!("include \"{}.mzn\";", named.include);
    assert!(mzn.contains(&include), "{mzn}");
    assert!(
        mzn.contains(&format!("constraint {}([", named.minizinc)),
        "{mzn}"
    );
}

/// Every assignment of `n` variables over `lo..=hi` that `ok` accepts.
fn brute(n: u32, lo: i64, hi: i64, ok: &dyn Fn(&[i64]) -> bool) -> u64 {
    let size = hi - lo + 1;
    let mut found = 0;
    for code in 0..size.pow(n) {
        let v: Vec<i64> = (0..n).map(|k| (code / size.pow(k)) % size + lo).collect();
        found += u64::from(ok(&v));
    }
    found
}

/// `member` over views (`y * 2 - 1`, `x[i] + 1` in a list with a number)
/// with one more constraint.
#[test]
fn member_counts_as_the_brute_force_and_its_exports() {
    let text = "[vars]\nx = { index = \"0..2\", domain = \"-1..3\" }\ny = \"-1..3\"\n[constraints]\nbelongs = \"member([x[0], x[1] + 1, 2, x[2]], y * 2 - 1)\"\nskew = \"x[0] + y >= 2\"\n";
    let expected = brute(4, -1, 3, &|d| {
        let items = [d[0], d[1] + 1, 2, d[2]];
        items.contains(&(2 * d[3] - 1)) && d[0] + d[3] >= 2
    });
    let named = Named {
        spec: "member",
        minizinc: "member",
        include: "member",
    };
    counts_everywhere("member", text, expected, &named);
}

/// `alldifferent_except_0` and `alldifferent_except` over views, with
/// one more constraint.
#[test]
fn alldifferent_except_counts_as_the_brute_force_and_its_exports() {
    let items = "[x[0], x[1] - 1, x[2], x[3] + 1]";
    let zero = Named {
        spec: "alldifferent_except_0",
        minizinc: "alldifferent_except_0",
        include: "all_different_except_0",
    };
    let listed = Named {
        spec: "alldifferent_except",
        minizinc: "all_different_except",
        include: "all_different_except",
    };
    for (rule, except, named) in [
        (format!("alldifferent_except_0({items})"), vec![0], zero),
        (
            format!("alldifferent_except({items}, [1, 2])"),
            vec![1, 2],
            listed,
        ),
    ] {
        let text = format!(
            "[vars]\nx = {{ index = \"0..3\", domain = \"-1..2\" }}\n[constraints]\ndifferent = \"{rule}\"\nskew = \"x[0] <= x[1]\"\n"
        );
        let expected = brute(4, -1, 2, &|d| {
            let mut taken: Vec<i64> = [d[0], d[1] - 1, d[2], d[3] + 1]
                .into_iter()
                .filter(|w| !except.contains(w))
                .collect();
            let n = taken.len();
            taken.sort_unstable();
            taken.dedup();
            taken.len() == n && d[0] <= d[1]
        });
        counts_everywhere(named.spec, &text, expected, &named);
    }
}

/// `member` or `alldifferent_except_0` inside an expression, `member`
/// with a list for its value: one error each, at the constraint.
#[test]
fn misused_member_and_alldifferent_except_are_spec_errors() {
    for (rule, message) in [
        (
            "member(x, 1) or x[0] == 1",
            "`member` can only be a constraint of its own",
        ),
        ("member(x, x)", "an integer"),
        (
            "alldifferent_except_0(x) or x[0] == 1",
            "`alldifferent_except_0` can only be a constraint of its own",
        ),
    ] {
        let spec = TempSpec::new(
            "member-error",
            &format!(
                "[vars]\nx = {{ index = \"0..3\", domain = \"0..3\" }}\n[constraints]\nc = \"{rule}\"\n"
            ),
        );
        let (_, stderr, code) = solve(&[spec.path()]);
        assert_eq!(code, 2, "{rule}: {stderr}");
        assert!(stderr.contains(message), "{rule}: {stderr}");
        assert!(stderr.contains(".toml:4:"), "{rule}: {stderr}");
    }
}

/// A random MiniZinc model of one of the globals over a few small
/// variables (a second constraint now and then, so that the counts are
/// not the global's alone).
fn random_model(rng: &mut Rng) -> String {
    let mut m = String::from("include \"globals.mzn\";\n");
    let n = rng.range(2, 4);
    m.push_str(&format!("array[1..{n}] of var 0..3: x;\n"));
    let rule = match rng.below(9) {
        0 => {
            m.push_str("var -1..4: y;\n");
            "member(x, y)".to_string()
        }
        1 => {
            m.push_str("var -1..4: y;\n");
            format!("member([x[1] + 1, {}, x[{n}]], y)", rng.range(0, 3))
        }
        2 => "alldifferent_except_0(x)".to_string(),
        3 => format!("all_different_except(x, {{{}, 3}})", rng.range(0, 2)),
        4 => {
            m.push_str(&format!("var 0..{n}: k;\n"));
            "nvalue(k, x)".to_string()
        }
        5 => "increasing(x)".to_string(),
        6 => "value_precede_chain([1, 2, 3], x)".to_string(),
        7 => {
            let k = rng.range(2, 3);
            m.push_str(&format!(
                "array[1..{k}] of var 0..2: px;\narray[1..{k}] of var 0..2: py;\n\
                 array[1..{k}] of var 1..2: dx;\n"
            ));
            let dy: Vec<String> = (0..k).map(|_| rng.range(1, 2).to_string()).collect();
            format!("diffn(px, py, dx, [{}])", dy.join(", "))
        }
        _ => {
            let w: Vec<String> = (0..n).map(|_| rng.range(1, 3).to_string()).collect();
            m.push_str("array[1..3] of var 0..5: load;\n");
            format!(
                "bin_packing_load(load, [x[i] + 1 | i in 1..{n}], [{}])",
                w.join(", ")
            )
        }
    };
    m.push_str(&format!("constraint {rule};\n"));
    if rng.one_in(3) {
        m.push_str("constraint x[1] != 1;\n");
    }
    m.push_str("solve satisfy;\n");
    m
}

/// Random models of the item's globals: `solve` through its library lists
/// as many solutions as Gecode through its own.
#[test]
fn random_models_of_the_last_globals_agree_with_gecode() {
    let Some(peers) = gecode_peers() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("solve-test-{}-more", std::process::id()));
    let (_, err, code) = solve(&["fzn", "--install", dir.to_str().expect("UTF-8")]);
    assert_eq!(code, 0, "{err}");
    let mut rng = Rng::new(23);
    let mut solved = 0;
    for k in 0..27 {
        let model = random_model(&mut rng);
        let file = dir.join(format!("m{k}.mzn"));
        std::fs::write(&file, &model).expect("the model");
        let ours = minizinc(&dir, "org.solve.solve", &file);
        let gecode = minizinc(&peers, "org.peers.gecode-fixed", &file);
        assert_eq!((ours.0, ours.2), (gecode.0, gecode.2), "{model}");
        solved += usize::from(ours.0 > 0);
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(solved >= 20, "only {solved} of 27 models have a solution");
}
