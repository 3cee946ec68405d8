//! Compact-Table and the scan against the closure computed from the rows
//! (every value of a row whose values are all left, until nothing moves),
//! through random removals, checkpoints and restores: tables of up to 300
//! rows (several words), views, a variable at two positions.

use super::{MOST_SUPPORT_WORDS, Table};
use crate::engine::propagator::Propagator;
use crate::engine::store::{Checkpoint, Store};
use crate::random::Rng;
use crate::vocab::{IntervalSet, VarId, View};

/// A random table over `vars` variables: up to four views (a variable may
/// come twice), up to 300 rows of values near the domains.
fn random_table(rng: &mut Rng, vars: usize) -> (Vec<View>, Vec<Vec<i64>>) {
    let arity = 1 + rng.below(4) as usize;
    let xs: Vec<View> = (0..arity)
        .map(|_| View {
            var: VarId(rng.below(vars as u64) as u32),
            scale: [1, 1, -1, 2][rng.below(4) as usize],
            offset: rng.below(5) as i64 - 2,
        })
        .collect();
    let rows = (0..rng.below(301))
        .map(|_| (0..arity).map(|_| rng.below(13) as i64 - 6).collect())
        .collect();
    (xs, rows)
}

fn values(store: &Store, vars: usize) -> Vec<Vec<i64>> {
    (0..vars as u32)
        .map(|i| store.domain(VarId(i)).values().collect())
        .collect()
}

/// The domains narrowed to the values of rows whose values are all left,
/// until nothing moves; `None` when a domain empties.
fn closure(xs: &[View], rows: &[Vec<i64>], mut d: Vec<Vec<i64>>) -> Option<Vec<Vec<i64>>> {
    loop {
        let mut kept = vec![Vec::new(); d.len()];
        for row in rows {
            let var_values: Option<Vec<i64>> = xs
                .iter()
                .zip(row)
                .map(|(x, &v)| {
                    let y = (v - x.offset) / x.scale;
                    (x.value(y) == v && d[x.var.index()].contains(&y)).then_some(y)
                })
                .collect();
            let Some(ys) = var_values else { continue };
            let agree = xs.iter().zip(&ys).all(|(x, &y)| {
                xs.iter()
                    .zip(&ys)
                    .all(|(x2, &y2)| x2.var != x.var || y2 == y)
            });
            if agree {
                for (x, y) in xs.iter().zip(ys) {
                    kept[x.var.index()].push(y);
                }
            }
        }
        let mut next = d.clone();
        for x in xs {
            let k = &kept[x.var.index()];
            next[x.var.index()].retain(|v| k.contains(v));
            if next[x.var.index()].is_empty() {
                return None;
            }
        }
        if next == d {
            return Some(d);
        }
        d = next;
    }
}

/// Runs the table until the domains stop changing.
fn fixpoint(table: &mut Table, store: &mut Store, vars: usize) -> bool {
    loop {
        let before = values(store, vars);
        if table.propagate(store).is_err() {
            return false;
        }
        if values(store, vars) == before {
            return true;
        }
    }
}

#[test]
fn compact_and_scan_reach_the_closure_through_backtracking() {
    let mut rng = Rng::new(11);
    let (mut compact_runs, mut wide) = (0, 0);
    for round in 0..600 {
        let vars = 1 + rng.below(3) as usize;
        let domains: Vec<Vec<i64>> = (0..vars)
            .map(|_| {
                let mut d: Vec<i64> = (-3..=4).filter(|_| rng.below(4) != 0).collect();
                if d.is_empty() || rng.below(8) == 0 {
                    d.push(5000);
                }
                d
            })
            .collect();
        let (xs, rows) = random_table(&mut rng, vars);
        let budget = if round % 2 == 0 {
            MOST_SUPPORT_WORDS
        } else {
            0
        };
        let mut table = Table::with_budget(xs.clone(), rows.clone(), budget);
        compact_runs += usize::from(budget > 0);
        wide += usize::from(rows.len() > 64);
        let mut store = Store::default();
        for d in &domains {
            let _ = store.add_var(&IntervalSet::from_values(d.clone()));
        }
        table.initialise(&mut store);
        let mut stack: Vec<Checkpoint> = Vec::new();
        for step in 0..30 {
            let before = values(&store, vars);
            let ok = fixpoint(&mut table, &mut store, vars);
            let expected = closure(&xs, &rows, before.clone());
            let context = || format!("round {round} step {step}: {xs:?} {rows:?} from {before:?}");
            assert_eq!(ok, expected.is_some(), "{}", context());
            if let Some(e) = expected {
                assert_eq!(values(&store, vars), e, "{}", context());
            }
            if !ok || (rng.below(4) == 0 && !stack.is_empty()) {
                let Some(cp) = stack.pop() else { break };
                store.restore(cp);
                continue;
            }
            // A value or two out, below a new checkpoint.
            stack.push(store.checkpoint());
            for _ in 0..1 + rng.below(2) {
                let x = VarId(rng.below(vars as u64) as u32);
                let d: Vec<i64> = store.domain(x).values().collect();
                if d.len() > 1 {
                    let _ = store.remove(x, d[rng.below(d.len() as u64) as usize]);
                }
            }
        }
    }
    assert!(compact_runs > 250 && wide > 250, "{compact_runs} {wide}");
}

/// A table past the budget scans; within it, it is compact.
#[test]
fn the_budget_picks_the_algorithm() {
    let xs = vec![View::of(VarId(0)), View::of(VarId(1))];
    let rows: Vec<Vec<i64>> = (0..200).map(|r| vec![r % 7, r]).collect();
    // 7 + 200 values, 4 words each.
    let compact = Table::with_budget(xs.clone(), rows.clone(), 207 * 4);
    assert!(matches!(compact.algorithm, super::Algorithm::Compact(_)));
    let scan = Table::with_budget(xs, rows, 207 * 4 - 1);
    assert!(matches!(scan.algorithm, super::Algorithm::Scan(_)));
}
