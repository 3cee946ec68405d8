//! All views different, with bounds consistency on top of value
//! elimination: a Hall interval `[lo, hi]` holds exactly `hi - lo + 1` views
//! whose bounds lie inside it, so no other view can take a value there.
//! Chosen with `consistency = "bounds"`. A run sorts the views by their
//! bounds and finds every Hall interval in two near-linear sweeps (López-Ortiz,
//! Quimper, Tromp and van Beek, IJCAI 2003, the algorithm Gecode's and
//! Choco's bounds `alldifferent` use): one raises the minimums, the other
//! lowers the maximums, each a union-find over the distinct bounds with
//! path compression. O(n log n) a run, for the sorts.

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::propagators::all_different::AllDifferent;
use crate::engine::store::{Change, Conflict, Store};
use crate::vocab::{VarId, View};

#[derive(Debug)]
pub(crate) struct AllDifferentBounds {
    values: AllDifferent,
    views: Vec<View>,
    /// Per view: its bounds as read, their ranks among `bounds` (the
    /// minimum's, and the rank of `max + 1`), and the bounds found.
    min: Vec<i64>,
    max: Vec<i64>,
    min_rank: Vec<usize>,
    max_rank: Vec<usize>,
    new_min: Vec<i64>,
    new_max: Vec<i64>,
    /// The views by minimum, and by maximum.
    by_min: Vec<usize>,
    by_max: Vec<usize>,
    /// The distinct values among the minimums and `max + 1`s, sorted, with
    /// a sentinel on each side (i128: no overflow at the ends of i64).
    bounds: Vec<i128>,
    /// The sweeps' union-find forests over the ranks (`t`: the next rank
    /// with room left; `h`: the end of the Hall interval a rank lies in)
    /// and the room left between consecutive bounds (`d`).
    t: Vec<usize>,
    h: Vec<usize>,
    d: Vec<i128>,
}

impl AllDifferentBounds {
    pub(crate) fn new(views: Vec<View>) -> AllDifferentBounds {
        let n = views.len();
        AllDifferentBounds {
            values: AllDifferent::new(views.clone()),
            views,
            min: vec![0; n],
            max: vec![0; n],
            min_rank: vec![0; n],
            max_rank: vec![0; n],
            new_min: vec![0; n],
            new_max: vec![0; n],
            by_min: (0..n).collect(),
            by_max: (0..n).collect(),
            bounds: Vec::with_capacity(2 * n + 2),
            // Ranks 0..=2n + 1, and one past for the sweeps' last link.
            t: vec![0; 2 * n + 3],
            h: vec![0; 2 * n + 3],
            d: vec![0; 2 * n + 3],
        }
    }

    /// Reads the bounds, sorts, and ranks them; returns the number of
    /// distinct bounds (`bounds[1..=nb]`).
    fn rank(&mut self, store: &Store) -> usize {
        for (k, &v) in self.views.iter().enumerate() {
            (self.min[k], self.max[k]) = (store.vmin(v), store.vmax(v));
            (self.new_min[k], self.new_max[k]) = (self.min[k], self.max[k]);
        }
        let (min, max) = (&self.min, &self.max);
        // In place, no allocation (pattern-defeating quicksort also finds
        // the runs left sorted by the last run).
        self.by_min.sort_unstable_by_key(|&k| min[k]);
        self.by_max.sort_unstable_by_key(|&k| max[k]);
        let n = self.views.len();
        let low = i128::from(min[self.by_min[0]]);
        self.bounds.clear();
        self.bounds.push(low - 2);
        let (mut i, mut j) = (0, 0);
        loop {
            let next_min = (i < n).then(|| i128::from(min[self.by_min[i]]));
            let next_end = i128::from(max[self.by_max[j]]) + 1;
            match next_min {
                Some(m) if m <= next_end => {
                    if *self.bounds.last().expect("sentinel") != m {
                        self.bounds.push(m);
                    }
                    self.min_rank[self.by_min[i]] = self.bounds.len() - 1;
                    i += 1;
                }
                _ => {
                    if *self.bounds.last().expect("sentinel") != next_end {
                        self.bounds.push(next_end);
                    }
                    self.max_rank[self.by_max[j]] = self.bounds.len() - 1;
                    j += 1;
                    if j == n {
                        break;
                    }
                }
            }
        }
        let nb = self.bounds.len() - 1;
        self.bounds.push(self.bounds[nb] + 2);
        nb
    }

    /// Raises the minimums past the Hall intervals below them; fails on an
    /// interval holding more views than values.
    fn raise_minimums(&mut self, nb: usize) -> Result<(), Conflict> {
        let (t, h, d, bounds) = (&mut self.t, &mut self.h, &mut self.d, &self.bounds);
        for i in 1..=nb + 1 {
            t[i] = i - 1;
            h[i] = i - 1;
            d[i] = bounds[i] - bounds[i - 1];
        }
        for &k in &self.by_max {
            let (x, y) = (self.min_rank[k], self.max_rank[k]);
            let mut z = path_max(t, x + 1);
            let j = t[z];
            d[z] -= 1;
            if d[z] == 0 {
                t[z] = z + 1;
                z = path_max(t, t[z]);
                t[z] = j;
            }
            path_set(t, x + 1, z, z);
            if d[z] < bounds[z] - bounds[y] {
                return Err(Conflict);
            }
            if h[x] > x {
                let w = path_max(h, h[x]);
                self.new_min[k] = bounds[w] as i64;
                path_set(h, x, w, w);
            }
            if d[z] == bounds[z] - bounds[y] {
                let start = h[y];
                path_set(h, start, j - 1, y);
                h[y] = j - 1;
            }
        }
        Ok(())
    }

    /// Lowers the maximums below the Hall intervals above them, likewise.
    fn lower_maximums(&mut self, nb: usize) -> Result<(), Conflict> {
        let (t, h, d, bounds) = (&mut self.t, &mut self.h, &mut self.d, &self.bounds);
        for i in 0..=nb {
            t[i] = i + 1;
            h[i] = i + 1;
            d[i] = bounds[i + 1] - bounds[i];
        }
        for &k in self.by_min.iter().rev() {
            let (x, y) = (self.max_rank[k], self.min_rank[k]);
            let mut z = path_min(t, x - 1);
            let j = t[z];
            d[z] -= 1;
            if d[z] == 0 {
                // The sentinels keep z above 0 here (d[0] never runs out
                // before the failure below is found).
                t[z] = z - 1;
                z = path_min(t, t[z]);
                t[z] = j;
            }
            path_set(t, x - 1, z, z);
            if d[z] < bounds[y] - bounds[z] {
                return Err(Conflict);
            }
            if h[x] < x {
                let w = path_min(h, h[x]);
                self.new_max[k] = (bounds[w] - 1) as i64;
                path_set(h, x, w, w);
            }
            if d[z] == bounds[y] - bounds[z] {
                let start = h[y];
                path_set(h, start, j + 1, y);
                h[y] = j + 1;
            }
        }
        Ok(())
    }

    /// Bounds consistency on the current bounds; whether a bound moved.
    fn prune(&mut self, store: &mut Store) -> Result<bool, Conflict> {
        if self.views.is_empty() {
            return Ok(false);
        }
        let nb = self.rank(store);
        self.raise_minimums(nb)?;
        self.lower_maximums(nb)?;
        let mut changed = false;
        for (k, &v) in self.views.iter().enumerate() {
            if self.new_min[k] > self.min[k] {
                changed |= store.vset_min(v, self.new_min[k])?;
            }
            if self.new_max[k] < self.max[k] {
                changed |= store.vset_max(v, self.new_max[k])?;
            }
        }
        Ok(changed)
    }
}

/// The root of `i` in a forest whose links point up (to higher ranks).
fn path_max(t: &[usize], mut i: usize) -> usize {
    while t[i] > i {
        i = t[i];
    }
    i
}

/// The root of `i` in a forest whose links point down.
fn path_min(t: &[usize], mut i: usize) -> usize {
    while t[i] < i {
        i = t[i];
    }
    i
}

/// Points every node on the path from `start` to `end` at `to` (path
/// compression).
fn path_set(t: &mut [usize], start: usize, end: usize, to: usize) {
    let mut l = start;
    while l != end {
        let k = l;
        l = t[k];
        t[k] = to;
    }
}

impl Propagator for AllDifferentBounds {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        self.views.iter().map(|v| (v.var, Change::Bounds)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn initialise(&mut self, store: &mut Store) {
        self.values.initialise(store);
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        loop {
            if self.values.propagate(store)? == Status::Subsumed {
                return Ok(Status::Subsumed);
            }
            if !self.prune(store)? {
                return Ok(Status::Fix);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{path_max, path_min, path_set};
    use crate::random::Rng;

    /// A random forest over `0..n` whose links point one way: up (to a
    /// higher index) when `up`, else down; a root points at itself.
    fn forest(rng: &mut Rng, n: usize, up: bool) -> Vec<usize> {
        (0..n)
            .map(|i| {
                let root = rng.below(3) == 0;
                match (root, up) {
                    (true, _) => i,
                    (false, true) if i + 1 < n => i + 1 + rng.below((n - i - 1) as u64) as usize,
                    (false, false) if i > 0 => rng.below(i as u64) as usize,
                    _ => i,
                }
            })
            .collect()
    }

    /// The path from `i` to its root, the root last.
    fn path(t: &[usize], mut i: usize) -> Vec<usize> {
        let mut path = vec![i];
        while t[i] != i {
            i = t[i];
            path.push(i);
        }
        path
    }

    /// The roots are those of the links followed one by one, and path
    /// compression points every node of the path before `end` at `to`,
    /// leaving the others as they were.
    #[test]
    fn roots_and_path_compression_agree_with_following_the_links() {
        let mut rng = Rng::new(5);
        for _ in 0..2_000 {
            let n = 1 + rng.below(12) as usize;
            let up = rng.below(2) == 0;
            let t = forest(&mut rng, n, up);
            for i in 0..n {
                let root = *path(&t, i).last().unwrap();
                let found = if up { path_max(&t, i) } else { path_min(&t, i) };
                assert_eq!(found, root, "{t:?} from {i}");
            }
            let start = rng.below(n as u64) as usize;
            let walk = path(&t, start);
            let end = walk[rng.below(walk.len() as u64) as usize];
            let to = rng.below(n as u64) as usize;
            let mut compressed = t.clone();
            path_set(&mut compressed, start, end, to);
            let before_end = &walk[..walk.iter().position(|&x| x == end).unwrap()];
            for k in 0..n {
                let expected = if before_end.contains(&k) { to } else { t[k] };
                assert_eq!(compressed[k], expected, "{t:?}: {start} to {end} at {to}");
            }
        }
    }
}
