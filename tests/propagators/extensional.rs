//! The extensional constraints, `table` and `regular`: against brute force,
//! and complete (every value left has a supporting row or word); tables
//! of several words of rows too, with a variable at two positions.

use super::generate::{Gen, Kind};
use super::harness::{N, domain_consistent, domains, run};
use super::instance::Instance;
use solve::constraints::Table;
use solve::engine::Engine;
use solve::model::plan::Consistency;
use solve::model::{Constraint, VarId};

#[test]
fn table_matches_brute_force() {
    run("table", 12, N, 4, Gen::table, Consistency::Propagate);
}

/// Tables of several words of rows, most with a variable at two
/// positions: the live rows' words are dropped and brought back by
/// backtracking (the harness's removal descent, leaves below the root).
#[test]
fn wide_table_matches_brute_force() {
    run(
        "table-wide",
        14,
        N / 3,
        4,
        Gen::table_wide,
        Consistency::Propagate,
    );
}

/// Generalised arc consistency: after propagation every value left is
/// used by some row whose values are all left.
#[test]
fn table_leaves_only_supported_values() {
    let mut g = Gen::new(13, 4);
    for _ in 0..N {
        g.reset(false);
        let c = g.table();
        let inst = Instance {
            domains: g.domains.clone(),
            constraints: vec![c.clone()],
            levels: vec![None],
        };
        let mut engine = Engine::new(&inst.model(), Consistency::Propagate);
        if engine.propagate().is_err() {
            continue;
        }
        let left = domains(&engine);
        let Constraint::Table(Table { xs, rows }) = &c else {
            unreachable!()
        };
        for (j, x) in xs.iter().enumerate() {
            for &v in &left[x.var.index()] {
                let supported = rows.iter().any(|row| {
                    x.value(v) == row[j]
                        && xs.iter().zip(row).all(|(y, &r)| {
                            left[y.var.index()].iter().any(|&w| y.value(w) == r)
                                && (y.var != x.var || y.value(v) == r)
                        })
                });
                assert!(
                    supported,
                    "{}: value {v} of x{} has no row",
                    inst.describe(),
                    x.var.0
                );
            }
        }
    }
}

/// Domain consistency, a variable at two positions included: alone on
/// its variables, a table keeps exactly the values some solution gives
/// (a row a variable at two positions cannot take is dropped when
/// posted), narrow and wide; and still below the root, where a run is
/// incremental: values removed one at a time (each propagated), now and
/// then back to an earlier checkpoint.
#[test]
fn tables_are_domain_consistent() {
    let mut g = Gen::new(18, 4);
    for k in 0..N {
        g.reset(false);
        let c = if k % 2 == 0 {
            g.table()
        } else {
            g.table_wide()
        };
        let mut inst = Instance {
            domains: g.domains.clone(),
            constraints: vec![c],
            levels: vec![None],
        };
        if domain_consistent(&inst).is_none() {
            continue;
        }
        let mut engine = Engine::new(&inst.model(), Consistency::Domain);
        engine.propagate().expect("a solution");
        let mut checkpoints = Vec::new();
        for _ in 0..16 {
            inst.domains = domains(&engine);
            let open: Vec<usize> = (0..inst.domains.len())
                .filter(|&i| inst.domains[i].len() > 1)
                .collect();
            if open.is_empty() || g.rng.one_in(4) {
                let Some(cp) = checkpoints.pop() else { break };
                engine.store_mut().restore(cp);
                continue;
            }
            checkpoints.push(engine.store_mut().checkpoint());
            let r = g.rng.pick(&open);
            let v = g.rng.pick(&inst.domains[r]);
            inst.domains[r].retain(|&w| w != v);
            let removed = engine.store_mut().remove(VarId(r as u32), v).is_ok();
            let ok = removed && engine.propagate().is_ok();
            let solutions = inst.solutions();
            assert_eq!(ok, !solutions.is_empty(), "{}", inst.describe());
            if !ok {
                engine
                    .store_mut()
                    .restore(checkpoints.pop().expect("pushed"));
                continue;
            }
            for (i, d) in domains(&engine).iter().enumerate() {
                let mut given: Vec<i64> = solutions.iter().map(|s| s[i]).collect();
                given.sort_unstable();
                given.dedup();
                assert_eq!(&given, d, "x{i} after x{r} != {v}:\n{}", inst.describe());
            }
        }
    }
}

#[test]
fn regular_matches_brute_force() {
    run("regular", 15, N, 4, Gen::regular, Consistency::Propagate);
    run(
        "regular-wide",
        17,
        N / 2,
        4,
        Gen::regular_wide,
        Consistency::Propagate,
    );
    run(
        "regular-arcs",
        19,
        N / 2,
        4,
        Gen::regular_arcs,
        Consistency::Propagate,
    );
}

/// Domain consistency: after propagation every value left is part of some
/// word over the values left that the automaton accepts (when no variable
/// stands at two positions: the layered graph then reads each position on
/// its own, as Pesant's algorithm does).
#[test]
fn regular_leaves_only_supported_values() {
    let mut g = Gen::new(16, 4);
    for k in 0..N {
        g.reset(false);
        let c = match k % 3 {
            0 => g.regular(),
            1 => g.regular_wide(),
            _ => g.regular_arcs(),
        };
        let mut vars = c.vars();
        vars.sort_unstable();
        vars.dedup();
        if vars.len() < c.vars().len() {
            continue;
        }
        let inst = Instance {
            domains: g.domains.clone(),
            constraints: vec![c.clone()],
            levels: vec![None],
        };
        let mut engine = Engine::new(&inst.model(), Consistency::Propagate);
        if engine.propagate().is_err() {
            continue;
        }
        let left = domains(&engine);
        // Every assignment of the values left, by odometer.
        let mut supported: Vec<Vec<i64>> = vec![Vec::new(); left.len()];
        let mut at = vec![0usize; left.len()];
        'all: loop {
            let values: Vec<i64> = at.iter().zip(&left).map(|(&k, d)| d[k]).collect();
            if c.holds(&values) {
                for (var, &v) in values.iter().enumerate() {
                    supported[var].push(v);
                }
            }
            for k in 0..at.len() {
                at[k] += 1;
                if at[k] < left[k].len() {
                    continue 'all;
                }
                at[k] = 0;
            }
            break;
        }
        for x in c.vars() {
            for &v in &left[x.index()] {
                assert!(
                    supported[x.index()].contains(&v),
                    "{}: value {v} of x{} is in no accepted word",
                    inst.describe(),
                    x.0
                );
            }
        }
    }
}

/// Each family of random automata above draws both kernels of `regular`
/// (chosen per automaton by cost: masked shifts or arcs), so that a change
/// to the choice cannot leave one of them untested. The kernel is read
/// from the engine's debug text.
#[test]
fn regular_draws_both_kernels() {
    let mut g = Gen::new(18, 4);
    let families: [(&str, Kind); 3] = [
        ("regular", Gen::regular),
        ("regular-wide", Gen::regular_wide),
        ("regular-arcs", Gen::regular_arcs),
    ];
    for (name, kind) in families {
        let (mut shifts, mut arcs) = (0, 0);
        for _ in 0..N {
            g.reset(false);
            let inst = Instance {
                constraints: vec![kind(&mut g)],
                domains: g.domains.clone(),
                levels: vec![None],
            };
            let text = format!("{:?}", Engine::new(&inst.model(), Consistency::Propagate));
            shifts += usize::from(text.contains("Regular(Shifts("));
            arcs += usize::from(text.contains("Regular(Arcs("));
        }
        eprintln!("{name}: {shifts} by shifts, {arcs} by arcs of {N}");
        assert!(
            shifts > 0 && arcs > 0,
            "{name}: {shifts} by shifts, {arcs} by arcs"
        );
    }
}
