//! The eight puzzle.

use super::*;

pub(super) type Board = [u8; 9];

pub(super) const SOLVED: Board = [1, 2, 3, 4, 5, 6, 7, 8, 0];

pub(super) fn board_read(text: &str) -> Board {
    let values: Vec<u8> = text
        .chars()
        .map(|c| match c {
            '_' => 0,
            '1'..='8' => c as u8 - b'0',
            _ => panic!("not a tile: {c:?} in {text:?}"),
        })
        .collect();
    values
        .try_into()
        .unwrap_or_else(|_| panic!("not 9 squares: {text:?}"))
}

pub(super) fn board_write(board: &Board) -> String {
    board
        .iter()
        .map(|&t| if t == 0 { '_' } else { char::from(b'0' + t) })
        .collect()
}

pub(super) fn adjacent(a: usize, b: usize) -> bool {
    (a / 3).abs_diff(b / 3) + (a % 3).abs_diff(b % 3) == 1
}

/// Every board one slide away: a tile next to the blank moves into it.
pub(super) fn slides(board: &Board) -> Vec<Board> {
    let blank = board.iter().position(|&t| t == 0).expect("a blank");
    (0..9)
        .filter(|&t| adjacent(blank, t))
        .map(|t| {
            let mut next = *board;
            next.swap(blank, t);
            next
        })
        .collect()
}

/// A printed move: the tile that slid into the blank.
pub(super) fn slide_tile(board: &Board, text: &str) -> Option<Board> {
    let tile: u8 = text.parse().ok()?;
    if !(1..=8).contains(&tile) {
        return None;
    }
    let blank = board.iter().position(|&t| t == 0)?;
    let at = board.iter().position(|&t| t == tile)?;
    if !adjacent(blank, at) {
        return None;
    }
    let mut next = *board;
    next.swap(blank, at);
    Some(next)
}

/// Every board's distance to the solved board, breadth-first from it (a
/// slide is undone by sliding the same tile back, so distances from the
/// goal are distances to it); boards not in the map cannot be solved.
pub(super) fn eight_distances() -> &'static HashMap<Board, usize> {
    static DIST: OnceLock<HashMap<Board, usize>> = OnceLock::new();
    DIST.get_or_init(|| {
        let mut dist = HashMap::from([(SOLVED, 0)]);
        let mut queue = VecDeque::from([SOLVED]);
        while let Some(b) = queue.pop_front() {
            let d = dist[&b] + 1;
            for next in slides(&b) {
                if let std::collections::hash_map::Entry::Vacant(v) = dist.entry(next) {
                    let _ = v.insert(d);
                    queue.push_back(next);
                }
            }
        }
        dist
    })
}

/// `solve analyze specs/eight-puzzle.toml`: 9! = 362,880 positions, of
/// which 181,440 can be solved, the longest needing 31 moves, the two
/// famous 31-move boards `64785_321 8672543_1` (in that order, the
/// increasing order of the values); the whole report equal to this file's
/// breadth-first search from the solved board.
#[test]
pub(super) fn eight_puzzle_analysis() {
    let got = analyze(&["specs/eight-puzzle.toml"]);
    let dist = eight_distances();
    let longest = dist.values().copied().max();
    let mut histogram = vec![0u64; longest.map_or(0, |l| l + 1)];
    for &d in dist.values() {
        histogram[d] += 1;
    }
    let mut hardest: Vec<Board> = dist
        .iter()
        .filter(|(_, d)| Some(**d) == longest)
        .map(|(b, _)| *b)
        .collect();
    hardest.sort_unstable();
    let oracle = Analysis {
        positions: (1..=9).product(),
        solvable: dist.len(),
        longest,
        hardest: hardest.iter().map(board_write).collect(),
        hardest_count: hardest.len(),
        histogram,
    };
    assert_eq!(oracle.positions, 362_880);
    assert_eq!(oracle.solvable, 181_440);
    assert_eq!(oracle.longest, Some(31));
    assert_eq!(oracle.hardest, ["64785_321", "8672543_1"]);
    assert_eq!(got, oracle);
}

/// `solve specs/eight-puzzle.toml` from its start `8672543_1`: 31 moves by
/// breadth-first search and by A* (the Manhattan heuristic, every move
/// costing 1), each move a legal slide of the printed tile giving the
/// printed board, ending solved; 31 is also this file's distance. A board
/// of odd permutation (`8672_4153`, outside the oracle's reachable half)
/// prints `no solution` with exit 1.
#[test]
pub(super) fn eight_puzzle_solutions() {
    let dist = eight_distances();
    let start = "8672543_1";
    assert_eq!(dist.get(&board_read(start)), Some(&31));
    for method in ["bfs", "astar"] {
        let args = ["specs/eight-puzzle.toml", "--method", method];
        let printed = one_solution(&args);
        assert_eq!(printed.start, start, "solve {args:?}: the spec's start");
        let end = replay(&printed, board_read, slide_tile);
        assert_eq!(end, SOLVED, "solve {args:?} does not end solved");
        assert_eq!(printed.moves.len(), 31, "solve {args:?}");
    }
    let unsolvable = "8672_4153";
    assert!(!dist.contains_key(&board_read(unsolvable)));
    let args = ["specs/eight-puzzle.toml", "--start", unsolvable];
    let (stdout, stderr, code) = solve(&args);
    assert_eq!(
        code, 1,
        "solve {args:?}\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert_eq!(stdout.trim(), "no solution", "solve {args:?}");
}
