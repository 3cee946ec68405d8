//! The tournaments against a scan of the open variables, through random
//! narrowing, checkpoints and restores (the store's own, as a search
//! makes them; weights are tested through searches in tests/).

use super::*;
use crate::model::plan::ValueOrder;
use crate::random::Rng;
use crate::vocab::{Consistency, IntervalSet};

/// What a scan of `list` in order finds: the first open variable of the
/// smallest key, and every open variable tied with it, in list order.
fn scan(order: VarOrder, list: &[VarId], engine: &Engine) -> (Option<VarId>, Vec<VarId>) {
    let open = || {
        list.iter()
            .copied()
            .filter(|&x| !engine.store().is_fixed(x))
    };
    let Some(best) = open().min_by(|&a, &b| compare(order, engine, a, b)) else {
        return (None, Vec::new());
    };
    let ties = open().filter(|&x| compare(order, engine, x, best).is_eq());
    (Some(best), ties.collect())
}

#[test]
fn a_tournament_finds_what_a_scan_finds_through_changes_and_restores() {
    let mut rng = Rng::new(5);
    for round in 0..300 {
        let n = 1 + rng.below(40) as usize;
        let mut engine = Engine::empty(Consistency::Propagate);
        let vars: Vec<VarId> = (0..n)
            .map(|_| engine.add_var(&IntervalSet::range(0, rng.below(6) as i64)))
            .collect();
        // Every variable once, then a few again (a list may repeat one).
        let repeats = rng.below(4) as usize;
        let list: Vec<VarId> = (0..n + repeats)
            .map(|i| {
                vars.get(i)
                    .copied()
                    .unwrap_or(vars[rng.below(n as u64) as usize])
            })
            .collect();
        let order = [VarOrder::FirstFail, VarOrder::FirstFailRandom][round % 2];
        let phase = Phase {
            vars: list.clone(),
            var: order,
            value: ValueOrder::Min,
        };
        let mut rankings = Rankings::new(&[phase], 0, &mut engine).expect("one ranked phase");
        let mut checkpoints = Vec::new();
        for step in 0..80 {
            let store = engine.store_mut();
            match rng.below(5) {
                0 => checkpoints.push(store.checkpoint()),
                1 => {
                    if let Some(c) = checkpoints.pop() {
                        store.restore(c);
                    }
                }
                _ => {
                    let x = vars[rng.below(n as u64) as usize];
                    let _ = store.remove(x, rng.below(7) as i64);
                }
            }
            if rng.below(3) == 0 {
                continue;
            }
            rankings.catch_up(&mut engine);
            let tree = rankings.tree(0).expect("ranked");
            let (best, ties) = scan(order, &list, &engine);
            let context = format!("round {round}, step {step}");
            assert_eq!(tree.best(&engine), best, "{context}");
            assert_eq!(tree.ties(&engine), ties.len() as u64, "{context}");
            for (k, &x) in ties.iter().enumerate() {
                assert_eq!(tree.nth_tie(&engine, k as u64).0, x, "{context}, tie {k}");
            }
        }
    }
}

/// The 64-bit path and the 128-bit one order every pair as the exact
/// cross products do, near overflow too.
#[test]
fn ratios_compare_as_their_exact_cross_products() {
    let edges = [
        0,
        1,
        2,
        3,
        1 << 31,
        1 << 32,
        (1 << 32) + 1,
        u64::MAX / 2,
        u64::MAX - 1,
        u64::MAX,
    ];
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        match state % 3 {
            0 => edges[(state >> 8) as usize % edges.len()],
            1 => state % 1000,
            _ => state >> (state % 64),
        }
    };
    for _ in 0..100_000 {
        let (sa, wa, sb, wb) = (next(), next(), next(), next());
        let exact = (u128::from(sa) * u128::from(wb)).cmp(&(u128::from(sb) * u128::from(wa)));
        assert_eq!(
            by_ratio(sa, wa, sb, wb),
            exact,
            "{sa}/{wa} against {sb}/{wb}"
        );
    }
}
