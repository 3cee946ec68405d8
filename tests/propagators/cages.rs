//! Cages at `domain` (`lower::cages`): small sums, products, differences,
//! quotients, remainders and Kakuro runs (a sum and an alldifferent in one
//! item), written as specs over random small domains and lowered as a spec
//! is, so that the auxiliary variables and definitions are lowering's own.
//! Root propagation must keep exactly the values some solution of the
//! constraint takes (every value kept has a support, every value removed
//! has none), and fail exactly when there is none; a cage too large for a
//! table (past `lower::cages`' bounds) must still be sound.

use crate::Rng;
use solve::session::Session;

/// The reference meaning of a cage over one value per variable.
type Holds = Box<dyn Fn(&[i64]) -> bool>;

/// A generator of random cages of one kind.
type Kind = fn(&mut Rng) -> Cage;

/// One random instance: the spec's constraint, its variables' domains and
/// the reference meaning over one value per variable.
struct Cage {
    rule: String,
    domains: Vec<Vec<i64>>,
    holds: Holds,
}

const NAMES: [&str; 4] = ["a", "b", "c", "d"];

fn domain(rng: &mut Rng, lo: i64, hi: i64) -> Vec<i64> {
    loop {
        let d: Vec<i64> = (lo..=hi).filter(|_| !rng.one_in(3)).collect();
        if !d.is_empty() {
            return d;
        }
    }
}

fn domains(rng: &mut Rng, n: usize, lo: i64, hi: i64) -> Vec<Vec<i64>> {
    (0..n).map(|_| domain(rng, lo, hi)).collect()
}

fn linear(rng: &mut Rng) -> Cage {
    compared_sum(rng, &[("==", |a, b| a == b)])
}

/// A comparison of a sum with a constant.
type Relation = fn(i64, i64) -> bool;

/// An inequality or a disequality, which `domain` takes as it is (no
/// table): its propagation is domain consistent already.
fn inequality(rng: &mut Rng) -> Cage {
    compared_sum(
        rng,
        &[
            ("<=", |a, b| a <= b),
            ("<", |a, b| a < b),
            (">=", |a, b| a >= b),
            ("!=", |a, b| a != b),
        ],
    )
}

/// A sum of 2 to 4 variables with random coefficients compared with a
/// constant by one of `relations` (drawn when there are several).
fn compared_sum(rng: &mut Rng, relations: &[(&'static str, Relation)]) -> Cage {
    let n = 2 + rng.below(3);
    let coefs: Vec<i64> = (0..n).map(|_| [-2, -1, 1, 1, 2][rng.below(5)]).collect();
    let k = rng.range(-4, 6);
    let (op, rel) = match relations {
        [one] => *one,
        _ => relations[rng.below(relations.len())],
    };
    let terms: Vec<String> = (0..n)
        .map(|i| format!("{} * {}", coefs[i], NAMES[i]))
        .collect();
    Cage {
        rule: format!("{} {op} {k}", terms.join(" + ")),
        domains: domains(rng, n, -2, 3),
        holds: Box::new(move |v| rel(v.iter().zip(&coefs).map(|(x, a)| x * a).sum::<i64>(), k)),
    }
}

fn product(rng: &mut Rng) -> Cage {
    let n = 2 + rng.below(2);
    let k = [-6, -2, 0, 1, 2, 3, 4, 6, 8, 12][rng.below(10)];
    Cage {
        rule: format!("{} == {k}", NAMES[..n].join(" * ")),
        domains: domains(rng, n, -2, 4),
        holds: Box::new(move |v| v.iter().product::<i64>() == k),
    }
}

fn difference(rng: &mut Rng) -> Cage {
    let k = rng.range(0, 3);
    Cage {
        rule: format!("max(a, b) - min(a, b) == {k}"),
        domains: domains(rng, 2, 1, 6),
        holds: Box::new(move |v| (v[0] - v[1]).abs() == k),
    }
}

fn quotient(rng: &mut Rng) -> Cage {
    let k = rng.range(2, 3);
    Cage {
        rule: format!("max(a, b) == {k} * min(a, b)"),
        domains: domains(rng, 2, 1, 6),
        holds: Box::new(move |v| v[0].max(v[1]) == k * v[0].min(v[1])),
    }
}

fn remainder(rng: &mut Rng) -> Cage {
    let k = rng.range(-1, 2);
    let mut ds = domains(rng, 2, -2, 5);
    ds[1].retain(|&v| v != 0);
    if ds[1].is_empty() {
        ds[1].push(3);
    }
    Cage {
        rule: format!("a % b + abs(a - b) == {k}"),
        domains: ds,
        holds: Box::new(move |v| v[0] % v[1] + (v[0] - v[1]).abs() == k),
    }
}

fn run(rng: &mut Rng) -> Cage {
    let n = 2 + rng.below(3);
    let k = rng.range(3, 24);
    let cells = NAMES[..n].join(", ");
    Cage {
        rule: format!("sum([{cells}]) == {k} and alldifferent([{cells}])"),
        domains: domains(rng, n, 1, 9),
        holds: Box::new(move |v| {
            v.iter().sum::<i64>() == k && (0..v.len()).all(|i| !v[..i].contains(&v[i]))
        }),
    }
}

/// `--consistency domain` (spec-wide) or the constraint's own level.
fn spec(cage: &Cage, own: bool) -> String {
    let mut text = String::from("[vars]\n");
    for (name, d) in NAMES.iter().zip(&cage.domains) {
        let values: Vec<String> = d.iter().map(i64::to_string).collect();
        text += &format!("{name} = \"{{{}}}\"\n", values.join(", "));
    }
    text += "[constraints]\n";
    if own {
        text += &format!(
            "cage = {{ rule = \"{}\", consistency = \"domain\" }}\n",
            cage.rule
        );
    } else {
        text += &format!(
            "cage = \"{}\"\n[search]\nconsistency = \"domain\"\n",
            cage.rule
        );
    }
    text
}

/// The values of each variable some solution takes (brute force).
fn supported(cage: &Cage) -> Vec<Vec<i64>> {
    let n = cage.domains.len();
    let mut out = vec![Vec::new(); n];
    let mut at = vec![0usize; n];
    loop {
        let values: Vec<i64> = (0..n).map(|i| cage.domains[i][at[i]]).collect();
        if (cage.holds)(&values) {
            for (i, &v) in values.iter().enumerate() {
                if !out[i].contains(&v) {
                    out[i].push(v);
                }
            }
        }
        let mut i = 0;
        loop {
            if i == n {
                for d in &mut out {
                    d.sort_unstable();
                }
                return out;
            }
            at[i] += 1;
            if at[i] < cage.domains[i].len() {
                break;
            }
            at[i] = 0;
            i += 1;
        }
    }
}

fn check(cage: &Cage, own: bool) -> Result<bool, String> {
    let text = spec(cage, own);
    let mut session = Session::from_text("cage.toml", &text, &[]).map_err(|e| format!("{e:?}"))?;
    let truth = supported(cage);
    let solvable = truth.iter().all(|d| !d.is_empty());
    let Some(root) = session.root_domains() else {
        return if solvable {
            Err(format!(
                "{text}root propagation failed, but {truth:?} are supported"
            ))
        } else {
            Ok(false)
        };
    };
    if !solvable {
        return Err(format!(
            "{text}no solution, but root propagation left {root:?}"
        ));
    }
    for (i, d) in truth.iter().enumerate() {
        let left: Vec<i64> = root[i].iter().flat_map(|&(lo, hi)| lo..=hi).collect();
        if &left != d {
            return Err(format!(
                "{text}{}: left {left:?}, supported {d:?} (a value kept without a support, or removed with one)",
                NAMES[i]
            ));
        }
    }
    Ok(true)
}

#[test]
fn cages_at_domain_keep_exactly_the_supported_values() {
    let kinds: [(&str, Kind); 7] = [
        ("linear", linear),
        ("inequality", inequality),
        ("product", product),
        ("difference", difference),
        ("quotient", quotient),
        ("remainder", remainder),
        ("run", run),
    ];
    for (seed, (name, kind)) in kinds.iter().enumerate() {
        let mut rng = Rng::new(60 + seed as u64);
        let (mut solvable, mut pruned) = (0, 0);
        for k in 0..300 {
            let cage = kind(&mut rng);
            match check(&cage, k % 2 == 1) {
                Ok(true) => {
                    solvable += 1;
                    if supported(&cage) != cage.domains {
                        pruned += 1;
                    }
                }
                Ok(false) => {}
                Err(message) => panic!("{name}: {message}"),
            }
        }
        assert!(
            solvable >= 30 && pruned >= 15,
            "{name}: poor coverage ({solvable} solvable, {pruned} pruned of 300)"
        );
    }
}

/// Past the bounds (a product of domain sizes over 2^20) no table is
/// made: the cage keeps its primitives, still sound.
#[test]
fn a_cage_past_the_bounds_keeps_its_primitives() {
    let text = "[vars]\nx = { index = \"1..7\", domain = \"1..9\" }\n[constraints]\n\
                run = \"sum(x) == 40 and alldifferent(x)\"\n[search]\nconsistency = \"domain\"\n";
    let mut session = Session::from_text("run.toml", text, &[]).expect("a spec");
    assert!(
        !session
            .lowered()
            .model()
            .constraints
            .iter()
            .any(|p| matches!(p.constraint, solve::model::Constraint::Table(_)))
    );
    assert!(session.root_domains().is_some());
    assert_eq!(session.count().into_value(), 5040 * 2);
}

/// The published puzzles of the book's table (docs/setter.md): the easy
/// ones grade at `domain` now (they needed `probing`), each with one
/// solution, and their steps cite a cage or a run alone, never by
/// contradiction.
#[test]
fn arithmetic_puzzles_grade_at_domain_with_steps_from_cages() {
    for (spec, grade) in [
        ("specs/kakuro.toml", "grade: domain"),
        ("tests/readme/kenken-5x5.toml", "grade: domain"),
        ("tests/readme/kenken-4x4.toml", "grade: bounds"),
        ("specs/kenken.toml", "grade: probing"),
    ] {
        let (out, err, code) = crate::solve(&["grade", spec]);
        assert_eq!(code, 0, "{spec}: {err}");
        assert!(out.contains(grade), "{spec}:\n{out}");
        let (count, _, _) = crate::solve(&["--count", spec]);
        assert_eq!(count.trim(), "1", "{spec}");
    }
    let (steps, _, code) = crate::solve(&["steps", "specs/kakuro.toml"]);
    assert_eq!(code, 0);
    assert!(!steps.contains("contradiction"), "{steps}");
    assert!(
        steps.contains("1. sum: x[2][4], x[3][4] ≠ 1..7   (cost 1)\n   down run 1 adds up to its clue with different digits (runs_down[k=1])"),
        "{steps}"
    );
}
