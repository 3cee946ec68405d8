//! Puzzles of moves in the fuzzer: random graphs as puzzles, with move
//! costs near the +-2^62 limit so that path costs pass i64::MAX, and every
//! lowered puzzle (mutated shipped ones too) searched by every method with
//! the answers cross-checked: breadth-first search and iterative deepening
//! agree on the fewest moves and the number of shortest solutions, and
//! without a heuristic A*'s path costs what a Dijkstra written here finds.
//! A disagreement is a panic, which the fuzzer reports with the case.

use crate::rng::{Choose, Rng};
use solve::Lowered;
use solve::moves::{self, Method, Puzzle, State, Target};
use solve::source::Sources;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Puzzles whose checks all ran, and those among them whose least cost
/// passed i64::MAX.
static CHECKED: AtomicU64 = AtomicU64::new(0);
static PAST_I64: AtomicU64 = AtomicU64::new(0);
/// Lattices whose count of shortest walks was checked exactly.
static LATTICES: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// The size of the lattice the current case is (see [`lattice`]).
    static LATTICE: std::cell::Cell<Option<(u64, u64)>> = const { std::cell::Cell::new(None) };
}

/// A new case begins: it is no lattice unless [`lattice`] made it.
pub fn new_case() {
    LATTICE.set(None);
}

/// What the puzzle checks covered, for the fuzzer's last line.
pub fn summary() -> String {
    format!(
        "puzzles: {} searched by every method, {} with a least cost past i64::MAX, {} lattice counts checked exactly",
        CHECKED.load(Ordering::Relaxed),
        PAST_I64.load(Ordering::Relaxed),
        LATTICES.load(Ordering::Relaxed)
    )
}

/// A random graph of positions `a`, one move per edge, most of them one
/// or two positions on (so paths of several moves), the costs mostly
/// near 2^62 (so most least costs pass i64::MAX), some small, a few out of
/// range or negative (errors).
pub fn spec(rng: &mut Rng) -> String {
    let nodes = 2 + rng.below(9);
    let mut text = format!(
        "[vars]\na = \"0..{}\"\n[puzzle]\nstart = \"0\"\ngoal = \"a == {}\"\n",
        nodes - 1,
        nodes - 1
    );
    if rng.chance(30) {
        text.push_str("heuristic = \"0\"\n");
    }
    for k in 0..rng.below(4 * nodes) {
        let u = rng.below(nodes);
        let v = if rng.chance(70) {
            (u + 1 + rng.below(2)).min(nodes - 1)
        } else {
            rng.below(nodes)
        };
        // An out-of-range or negative cost refuses the whole spec: rare.
        let cost = if rng.chance(2) {
            *rng.pick(&["4611686018427387904", "-1"])
        } else if rng.chance(85) {
            *rng.pick(&[
                "4611686018427387903",
                "4611686018427387902",
                "4611686018427387000",
            ])
        } else {
            *rng.pick(&["0", "1", "2", "2305843009213693952"])
        };
        text.push_str(&format!(
            "[moves.e{k}]\nwhen = \"a == {u}\"\nnext = {{ a = \"{v}\" }}\ncost = \"{cost}\"\n"
        ));
    }
    text
}

/// A `w x h` lattice walked one step right or up from 0,0 to w,h: the
/// number of shortest walks is C(w + h, w), past 2^128 for the larger
/// ones (the count must be exact: `solve` counts in big integers).
pub fn lattice(rng: &mut Rng) -> String {
    let (w, h) = (1 + rng.below(80), 1 + rng.below(80));
    LATTICE.set(Some((w, h)));
    format!(
        "[params]\nw = {w}\nh = {h}\n[vars]\na = \"0..w\"\nb = \"0..h\"\n\
         [puzzle]\nstart = \"0,0\"\ngoal = \"a == w and b == h\"\n\
         [moves.right]\nwhen = \"a < w\"\nnext = {{ a = \"a + 1\" }}\n\
         [moves.up]\nwhen = \"b < h\"\nnext = {{ b = \"b + 1\" }}\n"
    )
}

/// C(n, k) in decimal, by exact multiplication in base 10^9 limbs.
fn binomial(n: u64, k: u64) -> String {
    const BASE: u64 = 1_000_000_000;
    // C(n, k) = prod (n - k + i) / i, i = 1..k: each partial product is
    // a binomial, so each division is exact.
    let mut limbs: Vec<u64> = vec![1];
    for i in 1..=k {
        let mut carry = 0;
        for limb in &mut limbs {
            let v = *limb * (n - k + i) + carry;
            *limb = v % BASE;
            carry = v / BASE;
        }
        while carry > 0 {
            limbs.push(carry % BASE);
            carry /= BASE;
        }
        let mut rem = 0;
        for limb in limbs.iter_mut().rev() {
            let v = rem * BASE + *limb;
            *limb = v / i;
            rem = v % i;
        }
        assert_eq!(rem, 0, "an exact division");
        while limbs.len() > 1 && limbs.last() == Some(&0) {
            let _ = limbs.pop();
        }
    }
    let mut text = limbs.last().expect("a limb").to_string();
    for limb in limbs.iter().rev().skip(1) {
        text.push_str(&format!("{limb:09}"));
    }
    text
}

/// Every method on the lowered puzzle from its start, within `deadline`;
/// an error (the time limit, a cap, a bad move) ends the checks quietly.
pub fn search(lowered: &Lowered, sources: &Sources, deadline: Instant) {
    let _ = checks(lowered, sources, deadline);
}

fn checks(lowered: &Lowered, sources: &Sources, deadline: Instant) -> Option<()> {
    let heuristic = lowered.puzzle.as_ref()?.heuristic.is_some();
    let mut p = Puzzle::new(lowered, sources.clone()).ok()?;
    p.set_stop(solve::stop::Stop::at(Some(deadline)));
    let start = p.start()?.ok()?;
    // A lattice (the generator's, or a mutation of it): its count is a
    // binomial, whatever its size.
    let by_bfs = moves::count_shortest(&mut p, start, Target::Goal).ok()?;
    if let Some((w, h)) = LATTICE.get() {
        let (count, moves) = by_bfs.as_ref().expect("a lattice is solvable");
        assert_eq!(*moves as u64, w + h, "the lattice's shortest walk");
        assert_eq!(count.to_string(), binomial(w + h, w), "the lattice's count");
        let _ = LATTICES.fetch_add(1, Ordering::Relaxed);
    }
    let bfs = moves::shortest(&mut p, start, Target::Goal, Method::Bfs).ok()?;
    let iddfs = moves::shortest(&mut p, start, Target::Goal, Method::Iddfs).ok()?;
    assert_eq!(bfs.as_ref().map(Vec::len), iddfs.as_ref().map(Vec::len));
    let by_iddfs = moves::iddfs_count(&mut p, start, Target::Goal).ok()?;
    assert_eq!(by_bfs, by_iddfs);
    let astar = moves::shortest(&mut p, start, Target::Goal, Method::Astar).ok()?;
    let least = dijkstra(&mut p, start)?;
    match astar {
        Some(path) if !heuristic => assert_eq!(Some(cost(&mut p, start, &path)?), least),
        None => assert_eq!(least, None),
        Some(_) => {}
    }
    let _ = CHECKED.fetch_add(1, Ordering::Relaxed);
    if least.is_some_and(|c| c > i128::from(i64::MAX)) {
        let _ = PAST_I64.fetch_add(1, Ordering::Relaxed);
    }
    Some(())
}

/// The least total cost from `start` to a goal, exact in 128 bits.
fn dijkstra(p: &mut Puzzle, start: State) -> Option<Option<i128>> {
    let mut best: HashMap<State, i128> = HashMap::from([(start, 0)]);
    let mut open = BinaryHeap::from([Reverse((0i128, start))]);
    let mut succ = Vec::new();
    while let Some(Reverse((g, s))) = open.pop() {
        if best[&s] < g {
            continue;
        }
        if p.is_goal(s).ok()? {
            return Some(Some(g));
        }
        p.successors(s, &mut succ).ok()?;
        for &(_, t, c) in &succ {
            let g2 = g + i128::from(c);
            if best.get(&t).is_none_or(|&old| g2 < old) {
                let _ = best.insert(t, g2);
                open.push(Reverse((g2, t)));
            }
        }
    }
    Some(None)
}

/// A path's total cost, its moves replayed.
fn cost(p: &mut Puzzle, start: State, path: &[(usize, State)]) -> Option<i128> {
    let mut succ = Vec::new();
    let (mut at, mut total) = (start, 0i128);
    for &(m, t) in path {
        p.successors(at, &mut succ).ok()?;
        let &(_, _, c) = succ.iter().find(|&&(n, u, _)| n == m && u == t)?;
        total += i128::from(c);
        at = t;
    }
    p.is_goal(at).ok()?.then_some(total)
}
