//! The store's unit tests: removals by list and by pattern against one
//! value at a time, and the trail's undo.

use super::*;

/// A xorshift generator: `rand(n)` is in `0..n`.
fn xorshift(mut seed: u64) -> impl FnMut(u64) -> u64 {
    move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    }
}

/// About two thirds of `-40..span - 40`, at random.
fn some_of(rand: &mut impl FnMut(u64) -> u64, span: i64) -> Vec<i64> {
    (0..span).filter(|_| rand(3) != 0).map(|v| v - 40).collect()
}

/// Removing values as a list or a bit pattern leaves exactly the
/// members a value-by-value removal leaves (bounds and size included),
/// or fails exactly when that would empty the domain.
#[test]
fn removing_many_values_is_removing_each() {
    let mut rand = xorshift(777);
    for round in 0..3000 {
        let span = [10, 64, 65, 130, 300][round % 5];
        let values = some_of(&mut rand, span);
        if values.is_empty() {
            continue;
        }
        let domain = IntervalSet::from_values(values.clone());
        let first = values[rand(values.len() as u64) as usize] - rand(70) as i64;
        let pattern = rand(u64::MAX) & rand(u64::MAX);
        let removed: Vec<i64> = (0..64)
            .filter(|j| pattern >> j & 1 == 1)
            .map(|j| first + j)
            .collect();
        let (mut one, mut many, mut bits) = (Store::default(), Store::default(), Store::default());
        let (x, y, z) = (
            one.add_var(&domain),
            many.add_var(&domain),
            bits.add_var(&domain),
        );
        let each = removed
            .iter()
            .try_for_each(|&v| one.remove(x, v).map(|_| ()));
        let listed = many.remove_values(y, &removed);
        let patterned = bits.remove_pattern(z, first, pattern);
        assert_eq!(
            each.is_err(),
            listed.is_err(),
            "{values:?} minus {removed:?}"
        );
        assert_eq!(
            each.is_err(),
            patterned.is_err(),
            "{values:?} minus {removed:?}"
        );
        if each.is_ok() {
            for (store, var) in [(&many, y), (&bits, z)] {
                let (a, b) = (one.domain(x), store.domain(var));
                assert_eq!(
                    a.values().collect::<Vec<_>>(),
                    b.values().collect::<Vec<_>>()
                );
                assert_eq!((a.min, a.max, a.size), (b.min, b.max, b.size));
            }
        }
    }
}

/// Random changes then undo must give back a clone taken before them.
#[test]
fn trail_undo_equals_snapshot() {
    let mut seed = 12345u64;
    let mut rand = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let mut store = Store::default();
    let x = store.add_var(&IntervalSet::range(-5, 200));
    let y = store.add_var(&IntervalSet::range(0, 10_000_000));
    let z = store.add_var(&IntervalSet::from_values(vec![1, 3, 5, 7, 70, 700]));
    for _round in 0..200 {
        let before: Vec<Domain> = [x, y, z].iter().map(|&v| store.domain(v).clone()).collect();
        let cp = store.checkpoint();
        for _step in 0..3 {
            for _ in 0..10 {
                let var = [x, y, z][rand(3) as usize];
                let v = store.min(var) + rand((store.max(var) - store.min(var) + 1) as u64) as i64;
                let _ = match rand(5) {
                    0 => store.remove(var, v),
                    1 => store.set_min(var, v),
                    2 => store.set_max(var, v),
                    3 => store.remove_values(var, &[v, v + 1 + rand(3) as i64, v - 70]),
                    _ => store.remove_pattern(var, v - 32, rand(u64::MAX)),
                };
            }
            let _ = store.checkpoint();
        }
        store.restore(cp);
        let after: Vec<Domain> = [x, y, z].iter().map(|&v| store.domain(v).clone()).collect();
        assert_eq!(before.len(), after.len());
        for (b, a) in before.iter().zip(&after) {
            assert_eq!(
                b.values().take(300).collect::<Vec<_>>(),
                a.values().take(300).collect::<Vec<_>>()
            );
            assert_eq!((b.min, b.max, b.size), (a.min, a.max, a.size));
        }
    }
}

/// Narrowing both bounds at once leaves what `set_min` then `set_max`
/// leave (members, bounds and size), fails exactly when they do, and is
/// undone by backtracking.
#[test]
fn setting_both_bounds_is_setting_each() {
    let mut rand = xorshift(4242);
    for round in 0..3000 {
        let span: i64 = [10, 64, 65, 130][round % 4];
        let values = some_of(&mut rand, span);
        if values.is_empty() {
            continue;
        }
        let domain = IntervalSet::from_values(values.clone());
        let lo = rand(span as u64 + 20) as i64 - 50;
        let hi = lo + rand(span as u64) as i64 - 5;
        let (mut each, mut both) = (Store::default(), Store::default());
        let (x, y) = (each.add_var(&domain), both.add_var(&domain));
        let checkpoint = both.checkpoint();
        let stepwise = each
            .set_min(x, lo)
            .and_then(|a| Ok(a | each.set_max(x, hi)?));
        let at_once = both.set_bounds(y, lo, hi);
        assert_eq!(stepwise, at_once, "{values:?} within {lo}..={hi}");
        if at_once.is_ok() {
            let (a, b) = (each.domain(x), both.domain(y));
            assert_eq!(
                a.values().collect::<Vec<_>>(),
                b.values().collect::<Vec<_>>()
            );
            assert_eq!((a.min, a.max, a.size), (b.min, b.max, b.size));
        }
        both.restore(checkpoint);
        assert_eq!(both.domain(y).values().collect::<Vec<_>>(), values);
    }
}
