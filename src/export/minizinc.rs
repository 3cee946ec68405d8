//! The lowered model as a MiniZinc model: one `var` per model variable
//! (named `x0`, `x1`, ... by index, with the spec's name in a
//! comment), one `constraint` per posted primitive constraint (with its
//! spec constraint and item in a comment; the globals as MiniZinc's own:
//! `alldifferent`, `table`, `circuit`, `lex_less`, `regular`), the search phases as a
//! `seq_search` annotation, `solve satisfy` or the
//! objective, and an output of every variable (after `objective V` when
//! there is one), so that `minizinc -a` enumerates exactly the solutions
//! `solve --count --no-objective` counts.
//!
//! MiniZinc's `div` and `mod` truncate toward zero like ours; element and
//! lex use MiniZinc's 1-based arrays through explicit index arithmetic.

use crate::lowered::Lowered;
use crate::model::plan::{SearchPlan, Sense, ValueOrder, VarOrder};
use crate::model::{Automaton, Constraint, Lit, Rel, VarId, View};
use std::fmt::Write as _;

/// The MiniZinc text of `lowered`; `source` names the spec in a comment.
pub fn export(lowered: &Lowered, source: &str) -> String {
    let model = lowered.model();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "% Exported by solve from {source}: the lowered model ({}, {}).",
        crate::diagnostic::counted(model.vars.len() as u64, "variable"),
        crate::diagnostic::counted(model.constraints.len() as u64, "constraint")
    );
    out.push_str(
        "include \"alldifferent.mzn\";\ninclude \"lex_less.mzn\";\ninclude \"lex_lesseq.mzn\";\ninclude \"circuit.mzn\";\ninclude \"subcircuit.mzn\";\ninclude \"connected.mzn\";\ninclude \"table.mzn\";\ninclude \"regular.mzn\";\ninclude \"regular_nfa.mzn\";\n\n",
    );
    for (i, v) in model.vars.iter().enumerate() {
        let _ = writeln!(out, "var {}: x{i};  % {}", domain(&v.domain.0), v.name);
    }
    out.push('\n');
    for posted in &model.constraints {
        let _ = writeln!(
            out,
            "constraint {};  % {}{}",
            constraint(&posted.constraint),
            posted.origin,
            posted.item
        );
    }
    out.push('\n');
    let search = search(&lowered.plan, model.vars.len());
    match lowered.plan.objective {
        None => {
            let _ = writeln!(out, "solve {search}satisfy;");
        }
        Some(objective) => {
            let sense = match objective.sense {
                Sense::Minimize => "minimize",
                Sense::Maximize => "maximize",
            };
            let _ = writeln!(out, "solve {search}{sense} {};", var(objective.var));
        }
    }
    let mut shown: Vec<String> = (0..model.vars.len())
        .map(|i| format!("show(x{i})"))
        .collect();
    if let Some(objective) = lowered.plan.objective {
        shown.insert(0, format!("\"objective \" ++ show({})", var(objective.var)));
    }
    let _ = writeln!(out, "output [{}, \"\\n\"];", shown.join(", \" \", "));
    out
}

/// The search annotation `:: seq_search([...]) ` with one `int_search` per
/// phase the brancher decides in turn, so MiniZinc's solver branches as
/// `solve` does. `first-fail-random` has no MiniZinc name and becomes
/// `first_fail` (ties to the first variable).
fn search(plan: &SearchPlan, num_vars: usize) -> String {
    let phases: Vec<String> = plan
        .phases_over(num_vars)
        .iter()
        .map(|phase| {
            let var_order = match phase.var {
                VarOrder::Input => "input_order",
                VarOrder::FirstFail | VarOrder::FirstFailRandom => "first_fail",
                VarOrder::DomWdeg => "dom_w_deg",
            };
            let value_order = match phase.value {
                ValueOrder::Min => "indomain_min",
                ValueOrder::Max => "indomain_max",
                ValueOrder::Random => "indomain_random",
                ValueOrder::Split => "indomain_split",
            };
            let vars: Vec<String> = phase.vars.iter().map(|&x| var(x)).collect();
            format!(
                "int_search([{}], {var_order}, {value_order})",
                vars.join(", ")
            )
        })
        .collect();
    if phases.is_empty() {
        String::new()
    } else {
        format!(":: seq_search([\n    {}\n]) ", phases.join(",\n    "))
    }
}

fn domain(intervals: &[(i64, i64)]) -> String {
    match intervals {
        [(lo, hi)] => format!("{lo}..{hi}"),
        _ => {
            let parts: Vec<String> = intervals
                .iter()
                .map(|&(lo, hi)| format!("{lo}..{hi}"))
                .collect();
            parts.join(" union ")
        }
    }
}

fn var(x: VarId) -> String {
    format!("x{}", x.index())
}

fn view(v: View) -> String {
    match (v.scale, v.offset) {
        (1, 0) => var(v.var),
        (1, c) => format!("({} + {c})", var(v.var)),
        (a, 0) => format!("({a} * {})", var(v.var)),
        (a, c) => format!("({a} * {} + {c})", var(v.var)),
    }
}

fn lit(l: Lit) -> String {
    format!("({} = {})", var(l.var), i64::from(l.positive))
}

fn views(vs: &[View]) -> String {
    let items: Vec<String> = vs.iter().map(|&v| view(v)).collect();
    format!("[{}]", items.join(", "))
}

fn reified(truth: String, reif: Option<Lit>) -> String {
    match reif {
        None => truth,
        Some(r) => format!("({} <-> {truth})", lit(r)),
    }
}

fn constraint(c: &Constraint) -> String {
    match c {
        Constraint::Linear {
            terms,
            rel,
            rhs,
            reif,
        } => {
            let sum: Vec<String> = terms
                .iter()
                .map(|&(a, x)| format!("{a} * {}", var(x)))
                .collect();
            let sum = if sum.is_empty() {
                "0".to_string()
            } else {
                sum.join(" + ")
            };
            let op = match rel {
                Rel::Le => "<=",
                Rel::Eq => "=",
                Rel::Ne => "!=",
            };
            reified(format!("({sum} {op} {rhs})"), *reif)
        }
        Constraint::AllDifferent(vs) => format!("alldifferent({})", views(vs)),
        Constraint::ElementConst {
            index,
            values,
            result,
        } => {
            let items: Vec<String> = values.iter().map(i64::to_string).collect();
            element(
                *index,
                &format!("[{}]", items.join(", ")),
                *result,
                values.len(),
            )
        }
        Constraint::ElementVar {
            index,
            array,
            result,
        } => element(*index, &views(array), *result, array.len()),
        Constraint::Clause { lits, reif } => {
            let items: Vec<String> = lits.iter().map(|&l| lit(l)).collect();
            let or = if items.is_empty() {
                "false".to_string()
            } else {
                format!("({})", items.join(" \\/ "))
            };
            reified(or, *reif)
        }
        Constraint::Times { x, y, z } => format!("{} = {} * {}", view(*z), view(*x), view(*y)),
        Constraint::Div { x, y, z } => {
            format!(
                "{} != 0 /\\ {} = {} div {}",
                view(*y),
                view(*z),
                view(*x),
                view(*y)
            )
        }
        Constraint::Rem { x, y, z } => {
            format!(
                "{} != 0 /\\ {} = {} mod {}",
                view(*y),
                view(*z),
                view(*x),
                view(*y)
            )
        }
        Constraint::Abs { x, z } => format!("{} = abs({})", view(*z), view(*x)),
        Constraint::Max { xs, z } => format!("{} = max({})", view(*z), views(xs)),
        Constraint::Lex { xs, ys, strict } => {
            let name = if *strict { "lex_less" } else { "lex_lesseq" };
            format!("{name}({}, {})", views(xs), views(ys))
        }
        // MiniZinc's own global, which its solvers propagate (a
        // disjunction of rows is what a table is not: Gecode took 120 s on
        // an exported nonogram that way).
        Constraint::Table { xs, rows } => table(xs, rows),
        // MiniZinc's circuit numbers nodes from 1.
        Constraint::Circuit { succ, base, sub } => {
            let shifted: Vec<String> = succ
                .iter()
                .map(|&x| format!("{} - {}", view(x), base - 1))
                .collect();
            let name = if *sub { "subcircuit" } else { "circuit" };
            format!("{name}([{}])", shifted.join(", "))
        }
        Constraint::Regular { xs, automaton } => regular(xs, automaton),
        Constraint::Connected {
            nodes,
            edges,
            links,
        } => connected(nodes, edges, links),
    }
}

/// MiniZinc's undirected `connected(from, to, ns, es)`, each edge in
/// exactly when both its ends are (nodes numbered from 1). MiniZinc's
/// asks for some node and cannot be reified; ours takes none as connected
/// too: an extra node, always in, hangs on the first node in (none: it is
/// alone, and connected).
fn connected(nodes: &[View], edges: &[(u32, u32)], links: &[View]) -> String {
    let n = nodes.len();
    let on: Vec<String> = nodes.iter().map(|&x| format!("{} == 1", view(x))).collect();
    let mut from: Vec<String> = Vec::new();
    let mut to: Vec<String> = Vec::new();
    let mut es: Vec<String> = Vec::new();
    for (e, &(a, b)) in edges.iter().enumerate() {
        from.push((a + 1).to_string());
        to.push((b + 1).to_string());
        es.push(match links.get(e) {
            Some(&x) => format!("{} == 1", view(x)),
            None => format!("({} /\\ {})", on[a as usize], on[b as usize]),
        });
    }
    for i in 0..n {
        from.push((n + 1).to_string());
        to.push((i + 1).to_string());
        let first = if i == 0 {
            on[0].clone()
        } else {
            format!("({} /\\ not exists([{}]))", on[i], on[..i].join(", "))
        };
        es.push(first);
    }
    format!(
        "connected([{}], [{}], [{}, true], [{}])",
        from.join(", "),
        to.join(", "),
        on.join(", "),
        es.join(", ")
    )
}

/// MiniZinc's `regular` (or `regular_nfa` when a state has two moves on
/// one value), whose states are 1..Q and whose values are 1..S: states
/// renumbered, values shifted from the least one a transition reads.
fn regular(xs: &[View], automaton: &Automaton) -> String {
    let Automaton {
        transitions,
        start,
        accepting,
    } = automaton;
    let start = *start;
    let mut states: Vec<i64> = transitions
        .iter()
        .flat_map(|t| [t.0, t.2])
        .chain([start])
        .collect();
    states.sort_unstable();
    states.dedup();
    let number = |q: i64| states.binary_search(&q).map_or(0, |k| k + 1);
    let (Some(lo), Some(hi)) = (
        transitions.iter().map(|t| t.1).min(),
        transitions.iter().map(|t| t.1).max(),
    ) else {
        // No transitions: only the empty sequence from an accepting start.
        return if xs.is_empty() && accepting.contains(&start) {
            "true".to_string()
        } else {
            "false".to_string()
        };
    };
    let width = (hi - lo + 1) as usize;
    let mut moves = vec![vec![Vec::new(); width]; states.len()];
    for &(q, v, to) in transitions {
        moves[number(q) - 1][(v - lo) as usize].push(number(to));
    }
    for m in moves.iter_mut().flatten() {
        m.sort_unstable();
        m.dedup();
    }
    let deterministic = moves.iter().flatten().all(|m| m.len() <= 1);
    let rows: Vec<String> = moves
        .iter()
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|m| {
                    if deterministic {
                        m.first().map_or("0".to_string(), usize::to_string)
                    } else {
                        let items: Vec<String> = m.iter().map(usize::to_string).collect();
                        format!("{{{}}}", items.join(", "))
                    }
                })
                .collect();
            cells.join(", ")
        })
        .collect();
    let shifted: Vec<String> = xs
        .iter()
        .map(|&x| match lo - 1 {
            0 => view(x),
            s if s < 0 => format!("{} + {}", view(x), -s),
            s => format!("{} - {s}", view(x)),
        })
        .collect();
    let finals: Vec<String> = accepting
        .iter()
        .filter(|q| states.binary_search(q).is_ok())
        .map(|&q| number(q).to_string())
        .collect();
    format!(
        "{}([{}], {}, {width}, [| {} |], {}, {{{}}})",
        if deterministic {
            "regular"
        } else {
            "regular_nfa"
        },
        shifted.join(", "),
        states.len(),
        rows.join(" | "),
        number(start),
        finals.join(", ")
    )
}

/// `table(xs, [| row | row |])`; no rows is `false`, no variables `true`.
fn table(xs: &[View], rows: &[Vec<i64>]) -> String {
    match (xs.is_empty(), rows.is_empty()) {
        (_, true) => "false".to_string(),
        (true, false) => "true".to_string(),
        (false, false) => {
            let rows: Vec<String> = rows
                .iter()
                .map(|row| {
                    let items: Vec<String> = row.iter().map(i64::to_string).collect();
                    items.join(", ")
                })
                .collect();
            format!("table({}, [| {} |])", views(xs), rows.join(" | "))
        }
    }
}

/// `result == array[index]`, index from 0: in range, and equal.
fn element(index: View, array: &str, result: View, len: usize) -> String {
    let i = view(index);
    format!(
        "{i} >= 0 /\\ {i} <= {} /\\ {} = {array}[{i} + 1]",
        len - 1,
        view(result)
    )
}
