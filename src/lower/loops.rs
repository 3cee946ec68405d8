//! `single_loop(...)` and `single_path(...)`: the edges whose 0/1 value is
//! 1 form one cycle, or one path between two given ends, of an undirected
//! graph. Both take the graph in one of two forms:
//!
//! - a grid of points, as two grids of edges: `h[r][c]` joins point
//!   `(r, c)` to `(r, c + 1)` and `v[r][c]` joins `(r, c)` to `(r + 1, c)`;
//!   with `h` of R rows of C - 1 and `v` of R - 1 rows of C, the points
//!   are R x C, numbered by `h`'s indices (a Slitherlink's lattice, or a
//!   Masyu's cells);
//! - a list of edge values and a list of the same length of their ends
//!   `[[a, b], ...]`, the nodes being whatever integers the ends name.
//!
//! Both lower to what the rule means, in the solver's own terms: one 0/1
//! auxiliary per node ("on the loop"), the degree of each node (2 on the
//! loop and 0 off it; 1 at a path's ends), and a `connected` over the
//! nodes and edges (see `engine::propagators::connected`), whose bridges
//! and cut nodes give the loop's only ways through at once. A loop has at
//! least one edge (an empty drawing is not a loop).
//!
//! On a grid, a last argument may say which points are on the way: a grid
//! of 0/1 values, one per point (`label[r][c] == k` for a Numberlink's
//! path k). It then stands for the auxiliary, so that the connectivity's
//! pruning reaches the spec's own variables: a cell that no end of path k
//! can reach any more loses the label k at once, where an auxiliary
//! would only drop path k's edges there.

use super::Lowerer;
use super::value::{LinExpr, R, Value, type_error};
use crate::constraints::Connected;
use crate::diagnostic::Diagnostic;
use crate::model::{Constraint, IntervalSet, Rel, View};
use crate::source::Span;
use crate::spec::ast::Expr;
use std::collections::HashMap;

/// A graph of edge values, as the lowering reads it.
struct EdgeGraph {
    /// Each edge's value (0/1) and its ends (node numbers from 0).
    links: Vec<LinExpr>,
    ends: Vec<(u32, u32)>,
    nodes: usize,
    /// How a spec names a node: a grid's point `[r, c]`, or an integer.
    naming: Naming,
}

enum Naming {
    Grid {
        row_base: i64,
        col_base: i64,
        rows: usize,
        cols: usize,
    },
    Ids(HashMap<i64, u32>),
}

impl Lowerer {
    /// `single_loop(h, v)` or `single_loop(es, ends)`.
    pub(super) fn post_single_loop(&mut self, args: &[Expr], span: Span) -> R<()> {
        let graph = self.edge_graph(&args[0], &args[1], "single_loop")?;
        let on = match args.get(2) {
            Some(on) => Some(self.points_on(&graph, on, "single_loop")?),
            None => None,
        };
        let nodes = self.trace(&graph, &[], on, span)?;
        // Some node is on the loop: 1 - sum(on) <= 0.
        let some = LinExpr::sum(nodes.iter().map(|(_, e)| (-1, e)), span)?.add_scaled(
            1,
            &LinExpr::constant(1),
            span,
        )?;
        self.linear(&some, Rel::Le, None, span)
    }

    /// `single_path(h, v, s, t)` or `single_path(es, ends, s, t)`: a grid's
    /// ends are points `[r, c]`, a list's are node integers.
    pub(super) fn post_single_path(&mut self, args: &[Expr], span: Span) -> R<()> {
        let graph = self.edge_graph(&args[0], &args[1], "single_path")?;
        let mut ends = Vec::new();
        for end in &args[2..4] {
            let value = self.eval(end)?;
            ends.push(graph.node(&value, end.span)?);
        }
        if ends[0] == ends[1] {
            return Err(
                Diagnostic::new("the path's two ends are one node", args[3].span).with_help(
                    "`single_path` joins two different nodes; a closed way is `single_loop`",
                ),
            );
        }
        let on = match args.get(4) {
            Some(on) => Some(self.points_on(&graph, on, "single_path")?),
            None => None,
        };
        let _ = self.trace(&graph, &ends, on, span)?;
        Ok(())
    }

    /// The degrees and the connectivity of a loop (no `ends`) or of a path
    /// between `ends`; returns each node's view and value "on the way"
    /// (the spec's own, `given`, or auxiliaries).
    fn trace(
        &mut self,
        graph: &EdgeGraph,
        ends: &[u32],
        given: Option<Vec<LinExpr>>,
        span: Span,
    ) -> R<Vec<(View, LinExpr)>> {
        let mut incident = vec![Vec::new(); graph.nodes];
        for (e, &(a, b)) in graph.ends.iter().enumerate() {
            incident[a as usize].push(e);
            incident[b as usize].push(e);
        }
        let mut nodes = Vec::with_capacity(graph.nodes);
        for (i, edges) in incident.iter().enumerate() {
            let degree = LinExpr::sum(edges.iter().map(|&e| (1, &graph.links[e])), span)?;
            let end = ends.contains(&(i as u32));
            let on = if let Some(given) = &given {
                // An end is on the way; a node without edges is not.
                let fixed = if end {
                    Some(1)
                } else {
                    edges.is_empty().then_some(0)
                };
                if let Some(fixed) = fixed {
                    let at = given[i].add_scaled(-1, &LinExpr::constant(fixed), span)?;
                    self.linear(&at, Rel::Eq, None, span)?;
                }
                given[i].clone()
            } else if end {
                LinExpr::constant(1)
            } else if edges.is_empty() {
                LinExpr::constant(0)
            } else {
                LinExpr::var(self.aux("on", IntervalSet::range(0, 1), span)?)
            };
            // An end has one edge on the way; a node on it two, off it none.
            let wanted = if end { 1 } else { 2 };
            self.linear(&degree.add_scaled(-wanted, &on, span)?, Rel::Eq, None, span)?;
            let view = self.view(&on, span)?;
            nodes.push((view, on));
        }
        let mut links = Vec::with_capacity(graph.links.len());
        for link in &graph.links {
            links.push(self.view(link, span)?);
        }
        self.post_constraint(Constraint::Connected(Connected {
            nodes: nodes.iter().map(|(v, _)| *v).collect(),
            edges: graph.ends.clone(),
            links,
            whole_cycles: true,
        }));
        Ok(nodes)
    }

    /// The last argument of `single_loop(h, v, on)` or `single_path(h, v,
    /// s, t, on)`: one 0/1 value per point of the grid, row by row.
    fn points_on(&mut self, graph: &EdgeGraph, on: &Expr, name: &str) -> R<Vec<LinExpr>> {
        let Naming::Grid { rows, cols, .. } = graph.naming else {
            return Err(Diagnostic::new(
                format!("`{name}` takes the points on the way on a grid only"),
                on.span,
            )
            .with_help("on a graph of listed edges, leave the last argument out"));
        };
        let value = self.eval(on)?;
        let shape = format!("a grid of {rows} rows of {cols} booleans, one per point");
        let Value::List(outer) = &value else {
            return Err(type_error(&shape, &value, on.span));
        };
        let mut out = Vec::with_capacity(rows * cols);
        for row in &outer.items {
            let Value::List(row) = row else {
                return Err(type_error(&shape, row, on.span));
            };
            if row.items.len() != cols {
                break;
            }
            for x in &row.items {
                let l = self.lin(x, on.span)?;
                let (lo, hi) = self.bounds(&l, on.span)?;
                if lo < 0 || hi > 1 {
                    return Err(Diagnostic::new(
                        format!(
                            "`{name}`'s points on the way are booleans or 0/1 values, and one ranges over {lo}..{hi}"
                        ),
                        on.span,
                    ));
                }
                out.push(l);
            }
        }
        if outer.items.len() != rows || out.len() != rows * cols {
            return Err(
                Diagnostic::new(format!("the points on the way are not {shape}"), on.span)
                    .with_help("the edges draw the grid of points; give one value for each"),
            );
        }
        Ok(out)
    }

    /// The graph of `single_loop`'s or `single_path`'s first two arguments.
    fn edge_graph(&mut self, first: &Expr, second: &Expr, name: &str) -> R<EdgeGraph> {
        let a = self.eval(first)?;
        let b = self.eval(second)?;
        let grid = matches!(&a, Value::List(l) if !l.items.is_empty()
            && l.items.iter().all(|r| matches!(r, Value::List(_))));
        let grid_of_values = |v: &Value| {
            matches!(v, Value::List(l) if l.items.iter().any(|r| matches!(r, Value::List(row)
                if row.items.iter().any(|x| !matches!(x, Value::Int(_))))))
        };
        let graph = if grid {
            grid_edges(&a, &b, first.span, second.span, name)?
        } else if grid_of_values(&b) {
            return Err(Diagnostic::new(
                "the edges down are a grid, and the edges across are not",
                first.span,
            )
            .with_help(format!("`{name}(h, v)` takes two grids of edges; `{name}(es, [[a, b], ...])` a list of edges and their ends")));
        } else {
            listed_edges(&a, &b, first.span, second.span, name)?
        };
        let mut links = Vec::with_capacity(graph.len());
        let mut ends = Vec::with_capacity(graph.len());
        for (value, span, end) in graph.edges {
            let l = self.lin(&value, span)?;
            let (lo, hi) = self.bounds(&l, span)?;
            if lo < 0 || hi > 1 {
                return Err(Diagnostic::new(
                    format!(
                        "`{name}` takes edges of booleans or 0/1 values, and one ranges over {lo}..{hi}"
                    ),
                    span,
                ));
            }
            links.push(l);
            ends.push(end);
        }
        if links.is_empty() {
            return Err(
                Diagnostic::new(format!("`{name}` of a graph without edges"), first.span)
                    .with_help("the way is drawn along the edges of a graph: give it some"),
            );
        }
        Ok(EdgeGraph {
            links,
            ends,
            nodes: graph.nodes,
            naming: graph.naming,
        })
    }
}

impl EdgeGraph {
    /// The node a spec names: a grid's point `[r, c]` or a listed integer.
    fn node(&self, value: &Value, span: Span) -> R<u32> {
        match (&self.naming, value) {
            (
                Naming::Grid {
                    row_base,
                    col_base,
                    rows,
                    cols,
                },
                Value::List(pair),
            ) if pair.items.len() == 2 => {
                let (Value::Int(r), Value::Int(c)) = (&pair.items[0], &pair.items[1]) else {
                    return Err(type_error("a point `[r, c]` of integers", value, span));
                };
                let inside = |x: &i64, base: &i64, n: usize| {
                    x.checked_sub(*base).filter(|d| (0..n as i64).contains(d))
                };
                let (Some(r), Some(c)) = (inside(r, row_base, *rows), inside(c, col_base, *cols))
                else {
                    let last = |base: i64, n: usize| base + n as i64 - 1;
                    return Err(Diagnostic::new(
                        format!(
                            "no point [{r}, {c}]: the grid's points are rows {row_base}..{} and columns {col_base}..{}",
                            last(*row_base, *rows),
                            last(*col_base, *cols)
                        ),
                        span,
                    ));
                };
                Ok((r as usize * cols + c as usize) as u32)
            }
            (Naming::Grid { .. }, other) => Err(type_error("a point `[r, c]`", other, span)),
            (Naming::Ids(ids), Value::Int(i)) => ids.get(i).copied().ok_or_else(|| {
                Diagnostic::new(format!("no edge ends at node {i}"), span)
                    .with_help("a path's ends are nodes named in the list of edges")
            }),
            (Naming::Ids(_), other) => Err(type_error("a node (an integer)", other, span)),
        }
    }
}

/// Edge values with their ends, before they are checked to be 0/1.
struct Drawn {
    edges: Vec<(Value, Span, (u32, u32))>,
    nodes: usize,
    naming: Naming,
}

impl Drawn {
    fn len(&self) -> usize {
        self.edges.len()
    }
}

/// `h` (R rows of C - 1) and `v` (R - 1 rows of C) of a grid of R x C points.
fn grid_edges(h: &Value, v: &Value, h_at: Span, v_at: Span, name: &str) -> R<Drawn> {
    let usage = format!(
        "`{name}(h, v)`: h[r][c] joins point (r, c) to (r, c + 1), v[r][c] joins (r, c) to (r + 1, c)"
    );
    // A grid's rows, and where its rows and columns are indexed from.
    let shape = |grid: &Value, at: Span| -> R<(i64, i64, Vec<Vec<Value>>)> {
        let Value::List(outer) = grid else {
            return Err(type_error("a grid of edges", grid, at).with_help(usage.clone()));
        };
        let mut rows = Vec::new();
        let mut col_base = None;
        for row in &outer.items {
            let Value::List(row) = row else {
                return Err(type_error("a row of edges", row, at).with_help(usage.clone()));
            };
            let _ = col_base.get_or_insert(row.base);
            rows.push(row.items.clone());
        }
        Ok((outer.base, col_base.unwrap_or(0), rows))
    };
    let (row_base, col_base, h) = shape(h, h_at)?;
    let (v_row_base, v_col_base, v) = shape(v, v_at)?;
    let rows = h.len();
    let cols = h[0].len() + 1;
    if let Some(r) = h.iter().position(|r| r.len() + 1 != cols) {
        return Err(Diagnostic::new(
            format!(
                "the edges across have rows of {} and of {}: a grid's rows are of one length",
                cols - 1,
                h[r].len()
            ),
            h_at,
        )
        .with_help(usage));
    }
    let wrong = if v.len() + 1 != rows {
        Some(format!("{} rows", v.len()))
    } else {
        v.iter()
            .find(|r| r.len() != cols)
            .map(|r| format!("a row of {}", r.len()))
    };
    if let Some(wrong) = wrong {
        return Err(Diagnostic::new(
            format!(
                "the edges across ({rows} rows of {}) draw {rows} x {cols} points, so the edges down need {} rows of {cols}, and they have {wrong}",
                cols - 1,
                rows - 1
            ),
            v_at,
        )
        .with_help(usage));
    }
    if !v.is_empty() && (v_row_base, v_col_base) != (row_base, col_base) {
        return Err(Diagnostic::new(
            format!(
                "the edges down start at [{v_row_base}, {v_col_base}] and the edges across at [{row_base}, {col_base}]: both name points, and start at the same one"
            ),
            v_at,
        )
        .with_help(usage));
    }
    let at = |r: usize, c: usize| (r * cols + c) as u32;
    let mut edges = Vec::new();
    for (r, row) in h.into_iter().enumerate() {
        for (c, x) in row.into_iter().enumerate() {
            edges.push((x, h_at, (at(r, c), at(r, c + 1))));
        }
    }
    for (r, row) in v.into_iter().enumerate() {
        for (c, x) in row.into_iter().enumerate() {
            edges.push((x, v_at, (at(r, c), at(r + 1, c))));
        }
    }
    Ok(Drawn {
        edges,
        nodes: rows * cols,
        naming: Naming::Grid {
            row_base,
            col_base,
            rows,
            cols,
        },
    })
}

/// Edge values and their ends `[[a, b], ...]`, nodes named by integers.
fn listed_edges(es: &Value, ends: &Value, es_at: Span, ends_at: Span, name: &str) -> R<Drawn> {
    let (Value::List(es), Value::List(pairs)) = (es, ends) else {
        let wrong = if matches!(es, Value::List(_)) {
            (ends, ends_at)
        } else {
            (es, es_at)
        };
        return Err(type_error("a list", wrong.0, wrong.1).with_help(format!(
            "`{name}(h, v)` on a grid, `{name}(es, [[a, b], ...])` on a graph"
        )));
    };
    if es.items.len() != pairs.items.len() {
        return Err(Diagnostic::new(
            format!(
                "{} edge values and {} ends: one pair of ends `[a, b]` per edge",
                es.items.len(),
                pairs.items.len()
            ),
            ends_at,
        ));
    }
    let mut ids = HashMap::new();
    let mut edges = Vec::with_capacity(es.items.len());
    for (x, pair) in es.items.iter().zip(&pairs.items) {
        let (a, b) = match pair {
            Value::List(p) if p.items.len() == 2 => match (&p.items[0], &p.items[1]) {
                (Value::Int(a), Value::Int(b)) => (*a, *b),
                _ => return Err(type_error("an edge `[a, b]` of integers", pair, ends_at)),
            },
            other => return Err(type_error("an edge `[a, b]`", other, ends_at)),
        };
        if a == b {
            return Err(
                Diagnostic::new(format!("an edge from node {a} to itself"), ends_at)
                    .with_help("a loop or a path never takes an edge from a node to itself"),
            );
        }
        let mut id = |n: i64| {
            let next = ids.len() as u32;
            *ids.entry(n).or_insert(next)
        };
        let ends = (id(a), id(b));
        edges.push((x.clone(), es_at, ends));
    }
    Ok(Drawn {
        edges,
        nodes: ids.len(),
        naming: Naming::Ids(ids),
    })
}
