//! `single_loop` and `single_path` against a brute force written here: on
//! random graphs (up to 7 nodes and 10 edges) and small grids of points,
//! the spec's count equals the number of edge sets that are one cycle
//! (every node touched 0 or 2 times, the touched nodes one piece, at
//! least one edge), or one path between the two ends (the ends touched
//! once). `connected` with an edge's own boolean counts as the connected
//! subgraphs do. The points on the way, when given, are the touched
//! ones. Bad graphs are refused at their place.

use crate::{Rng, TempSpec, count, solve};

/// Whether the edges `taken` (of a graph of `n` nodes) form one cycle, or
/// with `ends`, one path between them.
fn one_way(n: usize, taken: &[(usize, usize)], ends: Option<(usize, usize)>) -> bool {
    let mut degree = vec![0; n];
    for &(a, b) in taken {
        degree[a] += 1;
        degree[b] += 1;
    }
    let wanted = |i: usize| match ends {
        Some((s, t)) if i == s || i == t => degree[i] == 1,
        _ => degree[i] == 0 || degree[i] == 2,
    };
    if taken.is_empty() || !(0..n).all(wanted) {
        return false;
    }
    // The touched nodes are one piece.
    let seen = reached(n, taken, taken[0].0);
    (0..n).all(|i| degree[i] == 0 || seen[i])
}

/// The nodes `first` reaches along `edges` (a graph of `n` nodes).
fn reached(n: usize, edges: &[(usize, usize)], first: usize) -> Vec<bool> {
    let mut seen = vec![false; n];
    seen[first] = true;
    let mut todo = vec![first];
    while let Some(i) = todo.pop() {
        for &(a, b) in edges {
            for (x, y) in [(a, b), (b, a)] {
                if x == i && !seen[y] {
                    seen[y] = true;
                    todo.push(y);
                }
            }
        }
    }
    seen
}

/// A random simple graph: `n` nodes, its edges as pairs.
fn random_graph(rng: &mut Rng, n: usize, most: usize) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if edges.len() < most && rng.one_in(2) {
                edges.push(if rng.one_in(2) { (a, b) } else { (b, a) });
            }
        }
    }
    edges
}

/// How many subsets of `edges` pass `keep`.
fn subsets(edges: &[(usize, usize)], keep: impl Fn(&[(usize, usize)]) -> bool) -> u64 {
    (0u32..1 << edges.len())
        .filter(|mask| {
            let taken: Vec<(usize, usize)> = (0..edges.len())
                .filter(|&e| mask >> e & 1 == 1)
                .map(|e| edges[e])
                .collect();
            keep(&taken)
        })
        .count() as u64
}

fn pairs(edges: &[(usize, usize)], shift: usize) -> String {
    let items: Vec<String> = edges
        .iter()
        .map(|(a, b)| format!("[{}, {}]", a + shift, b + shift))
        .collect();
    format!("[{}]", items.join(", "))
}

#[test]
fn single_loop_and_single_path_count_as_the_brute_force_on_random_graphs() {
    let mut rng = Rng::new(3803);
    let (mut loops, mut paths) = (0, 0);
    for case in 0..30 {
        let n = 3 + rng.below(5);
        let edges = random_graph(&mut rng, n, 10);
        if edges.is_empty() {
            continue;
        }
        // Nodes are named by any integers: here from 10.
        let ends = pairs(&edges, 10);
        let m = edges.len();
        let spec = format!(
            "[params]\nends = \"{ends}\"\n[vars]\ne = {{ index = \"1..{m}\", domain = \"bool\" }}\n[constraints]\nc = \"single_loop(e, ends)\"\n"
        );
        let file = TempSpec::new(&format!("loop{case}"), &spec);
        let expected = subsets(&edges, |t| one_way(n, t, None));
        assert_eq!(count(&[file.path()]), expected, "{spec}");
        loops += u64::from(expected > 0);
        let (s, t) = (edges[0].0, edges[m - 1].1);
        if s == t {
            continue;
        }
        let spec = spec.replace(
            "single_loop(e, ends)",
            &format!("single_path(e, ends, {}, {})", s + 10, t + 10),
        );
        let file = TempSpec::new(&format!("path{case}"), &spec);
        let expected = subsets(&edges, |taken| one_way(n, taken, Some((s, t))));
        assert_eq!(count(&[file.path()]), expected, "{spec}");
        paths += u64::from(expected > 0);
    }
    assert!(
        loops > 5 && paths > 5,
        "{loops} graphs with loops, {paths} with paths"
    );
}

/// The edges of a grid of `rows` x `cols` points (or cells): across, then
/// down (as `single_loop(h, v)` reads them), node `r * cols + c`.
pub(crate) fn grid_edges(rows: usize, cols: usize) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    for r in 0..rows {
        for c in 0..cols - 1 {
            edges.push((r * cols + c, r * cols + c + 1));
        }
    }
    for r in 0..rows - 1 {
        for c in 0..cols {
            edges.push((r * cols + c, (r + 1) * cols + c));
        }
    }
    edges
}

#[test]
fn loops_and_paths_on_grids_of_points_count_as_the_brute_force() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 3), (3, 4)] {
        let edges = grid_edges(rows, cols);
        let n = rows * cols;
        let spec = format!(
            "[vars]\nh = {{ index = [\"1..{rows}\", \"1..{}\"], domain = \"bool\" }}\nv = {{ index = [\"1..{}\", \"1..{cols}\"], domain = \"bool\" }}\n[constraints]\nc = \"single_loop(h, v)\"\n",
            cols - 1,
            rows - 1
        );
        let file = TempSpec::new(&format!("grid-loop-{rows}x{cols}"), &spec);
        let cycles = subsets(&edges, |t| one_way(n, t, None));
        assert_eq!(count(&[file.path()]), cycles, "{rows}x{cols}");
        // From the top left corner to the bottom right one (points from 1).
        let spec = spec.replace(
            "single_loop(h, v)",
            &format!("single_path(h, v, [1, 1], [{rows}, {cols}])"),
        );
        let file = TempSpec::new(&format!("grid-path-{rows}x{cols}"), &spec);
        let ways = subsets(&edges, |t| one_way(n, t, Some((0, n - 1))));
        assert_eq!(count(&[file.path()]), ways, "{rows}x{cols}");
    }
    // OEIS A140517: 13 cycles on the 3 x 3 points (the brute force's own
    // check).
    let three = grid_edges(3, 3);
    assert_eq!(subsets(&three, |t| one_way(9, t, None)), 13);
}

#[test]
fn the_points_on_the_way_are_those_the_edges_touch() {
    // With a grid of booleans `p` as the points on the way, the count is
    // still the brute force's (p follows from the edges), and p is true
    // exactly at the touched points: forcing one point on keeps the ways
    // that touch it.
    for (rows, cols) in [(2, 3), (3, 3)] {
        let edges = grid_edges(rows, cols);
        let n = rows * cols;
        let touches = |t: &[(usize, usize)], i: usize| t.iter().any(|&(a, b)| a == i || b == i);
        let spec = format!(
            "[vars]\nh = {{ index = [\"1..{rows}\", \"1..{}\"], domain = \"bool\" }}\nv = {{ index = [\"1..{}\", \"1..{cols}\"], domain = \"bool\" }}\np = {{ index = [\"1..{rows}\", \"1..{cols}\"], domain = \"bool\" }}\n[constraints]\nc = \"single_loop(h, v, p)\"\nd = \"p[2][2]\"\n",
            cols - 1,
            rows - 1
        );
        let file = TempSpec::new(&format!("grid-loop-on-{rows}x{cols}"), &spec);
        let cycles = subsets(&edges, |t| one_way(n, t, None) && touches(t, cols + 1));
        assert_eq!(count(&[file.path()]), cycles, "{rows}x{cols}");
        let spec = spec.replace(
            "single_loop(h, v, p)",
            &format!("single_path(h, v, [1, 1], [{rows}, {cols}], p)"),
        );
        let file = TempSpec::new(&format!("grid-path-on-{rows}x{cols}"), &spec);
        let ways = subsets(&edges, |t| {
            one_way(n, t, Some((0, n - 1))) && touches(t, cols + 1)
        });
        assert_eq!(count(&[file.path()]), ways, "{rows}x{cols}");
        assert!(ways > 0 && cycles > 0);
    }
}

#[test]
fn connected_with_links_counts_the_connected_subgraphs() {
    // Subgraphs (nodes and edges between them) of random graphs whose
    // nodes and edges at 1 are one piece (none at all counts).
    let mut rng = Rng::new(3804);
    for case in 0..12 {
        let n = 2 + rng.below(4);
        let edges = random_graph(&mut rng, n, 6);
        if edges.is_empty() {
            continue;
        }
        let m = edges.len();
        let mut expected = 0;
        for nodes in 0u32..1 << n {
            let on = |i: usize| nodes >> i & 1 == 1;
            expected += subsets(&edges, |taken| {
                if taken.iter().any(|&(a, b)| !on(a) || !on(b)) {
                    return false;
                }
                // Every node on reaches the first node on.
                let Some(first) = (0..n).find(|&i| on(i)) else {
                    return true;
                };
                let seen = reached(n, taken, first);
                (0..n).all(|i| !on(i) || seen[i])
            });
        }
        let spec = format!(
            "[vars]\nx = {{ index = \"1..{n}\", domain = \"bool\" }}\ne = {{ index = \"1..{m}\", domain = \"bool\" }}\n[constraints]\nc = \"connected(x, {}, e)\"\n",
            pairs(&edges, 1)
        );
        let file = TempSpec::new(&format!("linked{case}"), &spec);
        assert_eq!(count(&[file.path()]), expected, "{spec}");
    }
}

#[test]
fn bad_graphs_are_refused_at_their_place() {
    let grid = "[vars]\nh = { index = [\"1..3\", \"1..2\"], domain = \"bool\" }\nv = { index = [\"1..2\", \"1..3\"], domain = \"bool\" }\nd = { index = [\"1..3\", \"1..3\"], domain = \"bool\" }\nx = { index = \"1..3\", domain = \"0..2\" }\nw = { index = [\"0..1\", \"1..3\"], domain = \"bool\" }\n[constraints]\n";
    let cases = [
        (
            "single_loop(h, d)",
            "the edges across (3 rows of 2) draw 3 x 3 points, so the edges down need 2 rows of 3, and they have 3 rows",
        ),
        (
            "single_loop(h, w)",
            "the edges down start at [0, 1] and the edges across at [1, 1]: both name points, and start at the same one",
        ),
        (
            "single_loop(h[1], v)",
            "the edges down are a grid, and the edges across are not",
        ),
        (
            "single_loop(x, [[1, 2], [2, 3], [3, 1]])",
            "`single_loop` takes edges of booleans or 0/1 values, and one ranges over 0..2",
        ),
        (
            "single_loop(h[1], [[1, 2]])",
            "2 edge values and 1 ends: one pair of ends `[a, b]` per edge",
        ),
        (
            "single_loop(h[1], [[1, 1], [1, 2]])",
            "an edge from node 1 to itself",
        ),
        (
            "single_path(h, v, [1, 1], [4, 1])",
            "no point [4, 1]: the grid's points are rows 1..3 and columns 1..3",
        ),
        (
            "single_path(h, v, [-9223372036854775807 - 1, 1], [1, 1])",
            "no point [-9223372036854775808, 1]",
        ),
        (
            "single_path(h, v, [1, 1], [1, 1])",
            "the path's two ends are one node",
        ),
        (
            "single_path(h[1], [[1, 2], [2, 3]], 1, 5)",
            "no edge ends at node 5",
        ),
        (
            "single_loop([], [])",
            "`single_loop` of a graph without edges",
        ),
        (
            "connected(h[1], [[1, 2]], [true, false])",
            "2 links for 1 edge: one boolean per edge",
        ),
        (
            "connected(h, 4, [true])",
            "a grid's edges are its neighbours': links are given with a list's edges",
        ),
        ("connected([], [], [])", "`connected` of no node"),
        (
            "single_loop(h, v, h)",
            "the points on the way are not a grid of 3 rows of 3 booleans, one per point",
        ),
        (
            "single_path(h, v, [1, 1], [3, 3], [[x[1], x[2], x[3]], [x[1], x[2], x[3]], [x[1], x[2], x[3]]])",
            "`single_path`'s points on the way are booleans or 0/1 values, and one ranges over 0..2",
        ),
        (
            "single_loop(h[1], [[1, 2], [2, 3]], d)",
            "`single_loop` takes the points on the way on a grid only",
        ),
        (
            "connected(h[1], [[1, 2]], [true], 3)",
            "`connected` takes 1 to 3 arguments, found 4",
        ),
    ];
    for (k, (rule, message)) in cases.into_iter().enumerate() {
        let spec = format!("{grid}c = \"{rule}\"\n");
        let file = TempSpec::new(&format!("bad-graph{k}"), &spec);
        let (_, err, code) = solve(&[file.path()]);
        assert_eq!(code, 2, "{rule}: {err}");
        assert!(err.contains(message), "{rule}: {err}");
        assert!(
            err.contains(":8:") && err.contains('^'),
            "{rule}: at its place: {err}"
        );
    }
}
