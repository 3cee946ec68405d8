//! `connected(...)`, a constraint of its own: its nodes (0/1 views) and
//! the graph's edges. `connected(grid)` takes a list of lists of booleans
//! (or 0/1 expressions) and links each cell to its four neighbours;
//! `connected(grid, 8)` to its eight; `connected(list, edges)` takes a
//! list and its edges as pairs of the list's own indices (`[[1, 2], [2,
//! 3]]` for a list declared from 1); `connected(list, edges, links)` also
//! a boolean per edge, and only the edges whose boolean is true join (an
//! edge true has both its ends true), as MiniZinc's `connected`. An edge
//! to a missing node, a grid whose rows differ in length, links that are
//! not one per edge, or no node at all is an error here.

use super::Lowerer;
use super::value::{R, Value, type_error};
use crate::constraints::Connected;
use crate::diagnostic::Diagnostic;
use crate::model::{Constraint, View};
use crate::source::Span;
use crate::spec::ast::Expr;

/// A graph's edges, between node numbers from 0.
type Edges = Vec<(u32, u32)>;

impl Lowerer {
    pub(super) fn post_connected(&mut self, args: &[Expr], span: Span) -> R<()> {
        let first = self.eval(&args[0])?;
        let Value::List(outer) = &first else {
            return Err(type_error(
                "a list or a grid of booleans",
                &first,
                args[0].span,
            ));
        };
        let grid =
            !outer.items.is_empty() && outer.items.iter().all(|v| matches!(v, Value::List(_)));
        let second = match args.get(1) {
            Some(e) => Some((self.eval(e)?, e.span)),
            None => None,
        };
        let (items, edges) = match (grid, second) {
            (true, None) => grid_graph(&first, 4, args[0].span)?,
            (true, Some((Value::Int(k @ (4 | 8)), _))) => grid_graph(&first, k, args[0].span)?,
            (true, Some((other, at))) => {
                return Err(Diagnostic::new(
                    format!("a grid's neighbourhood is 4 or 8, found {}", shown(&other)),
                    at,
                )
                .with_help("`connected(grid)` links each cell to its 4 neighbours, `connected(grid, 8)` to its 8"));
            }
            (false, None) => {
                return Err(Diagnostic::new(
                    "`connected` of a list needs its edges: `connected(xs, [[i, j], ...])`",
                    span,
                )
                .with_help("a list of lists is a grid, whose cells link to their neighbours: `connected(grid)`"));
            }
            (false, Some((edges, at))) => (
                outer.items.clone(),
                edge_list(&edges, outer.base, outer.items.len(), at)?,
            ),
        };
        let links = match args.get(2) {
            None => Vec::new(),
            Some(e) if grid => {
                return Err(Diagnostic::new(
                    "a grid's edges are its neighbours': links are given with a list's edges",
                    e.span,
                )
                .with_help("`connected(xs, [[i, j], ...], links)`: one boolean per edge"));
            }
            Some(e) => {
                let value = self.eval(e)?;
                let Value::List(list) = &value else {
                    return Err(type_error(
                        "a list of booleans, one per edge",
                        &value,
                        e.span,
                    ));
                };
                if list.items.len() != edges.len() {
                    return Err(Diagnostic::new(
                        format!(
                            "{} for {}: one boolean per edge",
                            crate::diagnostic::counted(list.items.len() as u64, "link"),
                            crate::diagnostic::counted(edges.len() as u64, "edge")
                        ),
                        e.span,
                    ));
                }
                self.zero_one_views(&list.items, e.span)?
            }
        };
        if items.is_empty() {
            return Err(Diagnostic::new("`connected` of no node", args[0].span)
                .with_help("connectivity is asked of the nodes of a graph: give it some"));
        }
        let nodes = self.zero_one_views(&items, args[0].span)?;
        self.post_constraint(Constraint::Connected(Connected {
            nodes,
            edges,
            links,
            whole_cycles: false,
        }));
        Ok(())
    }

    /// Each item as a view, checked to be a boolean or a 0/1 value.
    fn zero_one_views(&mut self, items: &[Value], span: Span) -> R<Vec<View>> {
        let mut views = Vec::with_capacity(items.len());
        for item in items {
            let l = self.lin(item, span)?;
            let (lo, hi) = self.bounds(&l, span)?;
            if lo < 0 || hi > 1 {
                return Err(Diagnostic::new(
                    format!(
                        "`connected` takes booleans or 0/1 values, and one ranges over {lo}..{hi}"
                    ),
                    span,
                ));
            }
            views.push(self.view(&l, span)?);
        }
        Ok(views)
    }
}

/// A value as a message shows it.
fn shown(v: &Value) -> String {
    match v {
        Value::Int(i) => i.to_string(),
        other => other.describe().to_string(),
    }
}

/// A grid's cells row by row and the edges between neighbours (4 or 8).
fn grid_graph(grid: &Value, k: i64, span: Span) -> R<(Vec<Value>, Edges)> {
    let Value::List(outer) = grid else {
        unreachable!("a list")
    };
    let mut cells = Vec::new();
    let mut cols = None;
    for row in &outer.items {
        let Value::List(row) = row else {
            unreachable!("rows")
        };
        if *cols.get_or_insert(row.items.len()) != row.items.len() {
            return Err(Diagnostic::new("the grid's rows differ in length", span)
                .with_help("`connected(grid)` takes rows of one length"));
        }
        cells.extend(row.items.iter().cloned());
    }
    let (rows, cols) = (outer.items.len(), cols.unwrap_or(0));
    let mut edges = Vec::new();
    let steps: &[(i64, i64)] = if k == 8 {
        &[(0, 1), (1, -1), (1, 0), (1, 1)]
    } else {
        &[(0, 1), (1, 0)]
    };
    for r in 0..rows as i64 {
        for c in 0..cols as i64 {
            for &(dr, dc) in steps {
                let (r2, c2) = (r + dr, c + dc);
                if r2 < rows as i64 && (0..cols as i64).contains(&c2) {
                    let at = |r: i64, c: i64| (r * cols as i64 + c) as u32;
                    edges.push((at(r, c), at(r2, c2)));
                }
            }
        }
    }
    Ok((cells, edges))
}

/// Pairs `[i, j]` of a list's indices (from `base`) as node numbers.
fn edge_list(edges: &Value, base: i64, n: usize, span: Span) -> R<Edges> {
    let Value::List(list) = edges else {
        return Err(type_error("a list of edges `[[i, j], ...]`", edges, span));
    };
    let last = base.saturating_add(n as i64 - 1);
    let node = |v: &Value| match v {
        Value::Int(i) if (base..=last).contains(i) => Ok((*i - base) as u32),
        Value::Int(i) => Err(Diagnostic::new(
            format!("an edge to node {i}, and the nodes are {base}..{last}"),
            span,
        )
        .with_help("an edge joins two indices of the list of nodes")),
        other => Err(type_error("an edge `[i, j]` of integers", other, span)),
    };
    let mut out = Vec::with_capacity(list.items.len());
    for edge in &list.items {
        match edge {
            Value::List(pair) if pair.items.len() == 2 => {
                out.push((node(&pair.items[0])?, node(&pair.items[1])?));
            }
            other => return Err(type_error("an edge `[i, j]`", other, span)),
        }
    }
    Ok(out)
}
