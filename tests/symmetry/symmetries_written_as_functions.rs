//! Symmetries written as functions: `map`.

use super::*;

/// The key positions `positions` permuted: the value at `positions[i]`
/// goes to `positions[to[i]]`, with `value` applied.
pub(super) fn mapped(positions: &[usize], to: &[usize], value: fn(i64) -> i64) -> Element {
    let (positions, to) = (positions.to_vec(), to.to_vec());
    Box::new(move |key: &[i64]| {
        let mut out = key.to_vec();
        for (i, &p) in positions.iter().enumerate() {
            out[positions[to[i]]] = value(key[p]);
        }
        out
    })
}

/// Every non-identity power of the cell permutation `to`.
pub(super) fn powers(positions: &[usize], to: &[usize]) -> Vec<Element> {
    let mut out = Vec::new();
    let mut power: Vec<usize> = to.to_vec();
    while power.iter().enumerate().any(|(i, &j)| i != j) {
        out.push(mapped(positions, &power, |v| v));
        power = power.iter().map(|&j| to[j]).collect();
        assert!(out.len() < 100, "not a permutation");
    }
    out
}

/// `map` against the brute force: a hexagon's rotation (the cells sent
/// through a table param; the six rotations, so lex-leader keeps one board
/// per class), a value complement, a ruler's mirror (cells reversed and
/// values complemented at once), and a transposition written with two
/// indices.
#[test]
pub(super) fn maps_match_the_brute_force() {
    // Centre 0, ring 1..6; neighbours differ, 4 colours.
    let edges: Vec<(usize, usize)> = (1..=6).flat_map(|i| [(0, i), (i, i % 6 + 1)]).collect();
    let hex_edges = edges.clone();
    let rotation = [0, 2, 3, 4, 5, 6, 1];
    let positions: Vec<usize> = (0..7).collect();
    let list = edges
        .iter()
        .map(|(a, b)| format!("[{a}, {b}]"))
        .collect::<Vec<_>>()
        .join(", ");
    Model {
        label: "hexagon".to_string(),
        vars: "c = { index = \"0..6\", domain = \"1..4\" }\n".to_string(),
        constraints: format!("colour = \"forall(c[e[0]] != c[e[1]] for e in [{list}])\"\n"),
        names: vec!["c"],
        solutions: assignments(&vec![range(1, 4); 7], &move |k| {
            hex_edges.iter().all(|&(a, b)| k[a] != k[b])
        }),
        groups: vec![(
            "turn",
            "{ map = \"c\", index = \"(i) => [0, 2, 3, 4, 5, 6, 1][i]\" }".to_string(),
            powers(&positions, &rotation),
        )],
    }
    .check();

    // Four different values of 1..6 summing to 14: v -> 7 - v keeps both.
    Model {
        label: "complement".to_string(),
        vars: "x = { index = \"0..3\", domain = \"1..6\" }\n".to_string(),
        constraints: "diff = \"alldifferent(x)\"\nsum = \"sum(x) == 14\"\n".to_string(),
        names: vec!["x"],
        solutions: assignments(&vec![range(1, 6); 4], &|k| {
            k.iter().collect::<HashSet<_>>().len() == 4 && k.iter().sum::<i64>() == 14
        }),
        groups: vec![(
            "flip",
            "{ map = \"x\", value = \"(v) => 7 - v\" }".to_string(),
            vec![mapped(&[0, 1, 2, 3], &[0, 1, 2, 3], |v| 7 - v)],
        )],
    }
    .check();

    // Rulers of 4 marks within 0..7 starting at 0, all differences
    // distinct, ending at 7: the mirror x[i] -> 7 - x[3 - i].
    let ruler = |k: &[i64]| {
        let mut d = Vec::new();
        for i in 0..4 {
            for j in i + 1..4 {
                d.push(k[j] - k[i]);
            }
        }
        k[0] == 0
            && k[3] == 7
            && k.windows(2).all(|w| w[0] < w[1])
            && d.iter().collect::<HashSet<_>>().len() == d.len()
    };
    Model {
        label: "ruler".to_string(),
        vars: "x = { index = \"0..3\", domain = \"0..7\" }\n".to_string(),
        constraints: "ends = \"x[0] == 0 and x[3] == 7\"\n\
                      rising = \"forall(x[i] < x[i+1] for i in 0..2)\"\n\
                      apart = \"alldifferent(x[j] - x[i] for i in 0..3 for j in 0..3 if i < j)\"\n"
            .to_string(),
        names: vec!["x"],
        solutions: assignments(&vec![range(0, 7); 4], &ruler),
        groups: vec![(
            "mirror",
            "{ map = \"x\", index = \"(i) => 3 - i\", value = \"(v) => 7 - v\" }".to_string(),
            vec![mapped(&[0, 1, 2, 3], &[3, 2, 1, 0], |v| 7 - v)],
        )],
    }
    .check();

    // A 3x3 0/1 matrix with two ones, none on the anti-diagonal: the
    // transposition (r, c) -> (c, r) written as a map of two indices.
    let transpose: Vec<usize> = (0..9).map(|p| (p % 3) * 3 + p / 3).collect();
    Model {
        label: "transpose".to_string(),
        vars: "m = { index = [\"0..2\", \"0..2\"], domain = \"0..1\" }\n".to_string(),
        constraints: "two = \"sum(m[i][j] for i in 0..2 for j in 0..2) == 2\"\n\
                      anti = \"forall(m[i][2 - i] == 0 for i in 0..2)\"\n"
            .to_string(),
        names: vec!["m"],
        solutions: assignments(&vec![range(0, 1); 9], &|k| {
            k.iter().sum::<i64>() == 2 && k[2] == 0 && k[4] == 0 && k[6] == 0
        }),
        groups: vec![(
            "t",
            "{ map = \"m\", index = \"(r, c) => [c, r]\" }".to_string(),
            vec![mapped(&(0..9).collect::<Vec<_>>(), &transpose, |v| v)],
        )],
    }
    .check();
}

/// A map that is not a symmetry of the solutions (v -> 7 - v does not keep
/// a sum of 13) is caught by check-symmetry, exit 1.
#[test]
pub(super) fn check_symmetry_catches_a_wrong_map() {
    let spec = TempSpec::new(
        "symmetry-wrong-map",
        "[vars]\nx = { index = \"0..3\", domain = \"1..6\" }\n[constraints]\ndiff = \"alldifferent(x)\"\nsum = \"sum(x) == 13\"\n[symmetry]\nflip = { map = \"x\", value = \"(v) => 7 - v\" }\n",
    );
    let (stdout, code) = check_symmetry(&[spec.path()]);
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.lines().any(|l| l.starts_with("not a symmetry")),
        "{stdout}"
    );
}
