//! `xs` equals one of the rows: the extensional constraint (a cage's
//! combinations, a nonogram line as a list of pictures), domain
//! consistent.

use super::Primitive;
use super::text::{MiniZincNames, SpecNames, number};
use crate::engine::propagator::Propagator;
use crate::engine::propagators::table;
use crate::engine::store::Conflict;
use crate::vocab::{Consistency, VarId, View};

/// `xs` equals one of the rows (each as long as `xs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub xs: Vec<View>,
    pub rows: Vec<Vec<i64>>,
}

impl Primitive for Table {
    const MINIZINC_INCLUDES: &'static [&'static str] = &["table"];

    fn kind(&self) -> &'static str {
        "table"
    }

    fn vars(&self) -> Vec<VarId> {
        self.xs.iter().map(|v| v.var).collect()
    }

    fn size(&self) -> usize {
        self.xs.len() * (self.rows.len() + 1)
    }

    fn holds(&self, values: &[i64]) -> bool {
        self.rows.iter().any(|row| {
            self.xs
                .iter()
                .zip(row)
                .all(|(x, &v)| x.value(values[x.var.index()]) == v)
        })
    }

    /// A cage's table, written back by the dump, keeps its level.
    fn supports(&self, level: Consistency) -> bool {
        level != Consistency::Early
    }

    fn propagator(&self, _level: Consistency) -> Result<Option<Box<dyn Propagator>>, Conflict> {
        Ok(Some(Box::new(table::Table::new(
            self.xs.clone(),
            self.rows.clone(),
        ))))
    }

    fn spec(&self, names: &dyn SpecNames) -> String {
        let rows: Vec<String> = self
            .rows
            .iter()
            .map(|r| {
                let items: Vec<String> = r.iter().map(|&v| number(v)).collect();
                format!("[{}]", items.join(", "))
            })
            .collect();
        format!("table({}, [{}])", names.views(&self.xs), rows.join(", "))
    }

    /// MiniZinc's own global, which its solvers propagate (a disjunction
    /// of rows is what a table is not: Gecode took 120 s on an exported
    /// nonogram that way); no rows is `false`, no variables `true`.
    fn minizinc(&self, names: &dyn MiniZincNames) -> String {
        match (self.xs.is_empty(), self.rows.is_empty()) {
            (_, true) => "false".to_string(),
            (true, false) => "true".to_string(),
            (false, false) => {
                let rows: Vec<String> = self
                    .rows
                    .iter()
                    .map(|row| {
                        let items: Vec<String> = row.iter().map(i64::to_string).collect();
                        items.join(", ")
                    })
                    .collect();
                format!(
                    "table({}, [| {} |])",
                    names.views(&self.xs),
                    rows.join(" | ")
                )
            }
        }
    }
}
