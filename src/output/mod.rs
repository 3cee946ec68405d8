//! Output: a solution (one value per model variable) as text, through the
//! spec's template or as `name = value` lines, or as one JSON object. The
//! plan is plain data gathered by lowering: the params and functions a
//! template may use, and each declared variable's symbolic value.
//!
//! - `compiled.rs`: the template compiled once into code over a
//!   solution's values; what it leaves aside is evaluated here by the
//!   interpreter of lowering.
//! - `board.rs`: `[output] board`, the solution drawn as a grid.
//! - `drawing/`: the board's layers (regions, givens, styles, clues
//!   outside, lines), drawn as SVG and in the terminal.
//! - `check.rs`: the check at load, `lower_output`'s: what reads no
//!   variable evaluated, a probe printed, within half the time left.
//!
//! **The time limit.** It bounds the search, not the showing of what the
//! search found: a found solution is always printed, by every face that
//! prints through [`OutputPlan::printed`] (`solve`, `--all`, the
//! optimisation's solutions, `solve unique`, the playground's solutions).
//! The template's check at load (`check.rs`) takes half of what
//! is left of the limit at most, so that it never takes the search's
//! time, and a check cut short is no error (what it did not see is met
//! at printing). Printing gets the deadline and a grace of twice
//! `PRINT_GRACE`; when that runs out inside the template (or the
//! board), the solution is printed as the `name = value` lines a spec
//! without a template prints, marked [`Printed::cut`], and the face says
//! so and exits as a limit does (3). Why not more time, or nothing: a
//! template is a program of any length, so waiting would make the limit
//! a wish, and dropping the solution would lose the answer the search
//! paid for; the values are the answer and the template its presentation,
//! so the values are printed in the one form that evaluates nothing. A
//! template that is wrong or too large is still an error: that is the
//! spec's fault, not the time's.

mod board;
mod check;
mod compiled;
pub mod drawing;

pub use board::Board;
pub(crate) use check::lower_output;
pub use drawing::Drawing;

use crate::diagnostic::Diagnostic;
use crate::engine::clock::PRINT_GRACE;
use crate::lower::value::{Array, LinExpr, Value};
use crate::lower::{Budget, Functions, Lowerer, value::R};
use crate::model::texts::Texts;
use crate::model::{Lit, Model, VarId};
use crate::source::Span;
use crate::spec::ast::{BoardDecl, BoardLayer, TemplatePart};
use crate::stop::Stop;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::Arc;

/// A solution as printed ([`OutputPlan::printed`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Printed {
    pub text: String,
    /// The time limit cut the template (or board) short: `text` is the
    /// `name = value` lines.
    pub cut: bool,
}

#[derive(Clone, Debug)]
pub struct OutputPlan {
    params: HashMap<String, Value>,
    functions: crate::lower::Functions,
    /// Each declared variable (and alias) with its symbolic value.
    declared: Vec<(String, Value)>,
    /// Names of declared variables and arrays (not aliases), for printing.
    printed: Vec<String>,
    template: Option<Vec<TemplatePart>>,
    /// `[output] board`: the solution as rows of cells, and the layers
    /// that draw it as the puzzle is drawn.
    board: Option<BoardDecl>,
    /// `[game] show`: how an answer reads.
    answer_template: Option<Vec<TemplatePart>>,
    /// The model's texts, and which variables take them (by index).
    texts: Texts,
    text_vars: Vec<bool>,
    /// Each part of `template` compiled (with its number of slots), or
    /// `None` for text and for what the interpreter evaluates.
    compiled: Vec<Option<(compiled::Code, usize)>>,
    /// The most slots any compiled part needs.
    slots: usize,
    /// The check's stop while the plan is compiled and checked at load
    /// (see [`checking`]), then the run's: printing a found solution gets
    /// twice [`PRINT_GRACE`] past its deadline.
    stop: Stop,
}

impl OutputPlan {
    pub(crate) fn new(
        params: HashMap<String, Value>,
        functions: crate::lower::Functions,
        declared: Vec<(String, Value)>,
        printed: Vec<String>,
        output: crate::spec::ast::OutputDecl,
        answer_template: Option<Vec<TemplatePart>>,
        model: &Model,
    ) -> OutputPlan {
        OutputPlan {
            params,
            functions,
            declared,
            printed,
            template: output.template,
            board: output.board,
            answer_template,
            texts: model.texts.clone(),
            text_vars: model.vars.iter().map(|v| v.text).collect(),
            compiled: Vec::new(),
            slots: 0,
            stop: Stop::default(),
        }
    }

    /// The output of a model built without a spec (a front end such as a
    /// FlatZinc reader, see `Lowered::from_model`): each variable that is
    /// not auxiliary printed as `name = value` (a boolean one as `true` or
    /// `false`), in the model's order.
    pub fn for_model(model: &Model) -> OutputPlan {
        let declared: Vec<(String, Value)> = (model.vars.iter().enumerate())
            .filter(|(_, v)| !v.aux)
            .map(|(i, v)| {
                let var = VarId(i as u32);
                let value = if v.boolean {
                    Value::Lit(Lit {
                        var,
                        positive: true,
                    })
                } else {
                    Value::Lin(Arc::new(LinExpr::var(var)))
                };
                (v.name.clone(), value)
            })
            .collect();
        let printed = declared.iter().map(|(name, _)| name.clone()).collect();
        let output = crate::spec::ast::OutputDecl::default();
        OutputPlan::new(
            HashMap::new(),
            Functions::default(),
            declared,
            printed,
            output,
            None,
            model,
        )
    }

    /// The plan with its template compiled, what reads no variable folded
    /// within its stop (the check's: see [`checking`]).
    fn compiled(mut self) -> OutputPlan {
        self.compiled = match &self.template {
            Some(parts) => parts
                .iter()
                .map(|part| match part {
                    TemplatePart::Expr(e) => compiled::compile(&self, e),
                    TemplatePart::Text(_) => None,
                })
                .collect(),
            None => Vec::new(),
        };
        self.slots = self
            .compiled
            .iter()
            .flatten()
            .map(|(_, n)| *n)
            .max()
            .unwrap_or(0);
        self
    }

    /// The plan whose printing stops at `stop` (printing is part of the
    /// run that `--time-limit` bounds).
    pub(crate) fn until(mut self, stop: Stop) -> OutputPlan {
        self.stop = stop;
        self
    }

    /// A game's answer as text: the `show` template with `answer` bound to
    /// it, or the answer itself (`2 1` for a list).
    pub fn render_answer(&self, answer: &[i64], is_list: bool) -> R<String> {
        let value = if is_list {
            Value::list(answer.iter().map(|&a| Value::Int(a)).collect())
        } else {
            Value::Int(answer[0])
        };
        let Some(parts) = &self.answer_template else {
            let items: Vec<String> = answer.iter().map(i64::to_string).collect();
            return Ok(items.join(" "));
        };
        let mut globals = self.params.clone();
        let _ = globals.insert("answer".to_string(), value);
        fill(
            parts,
            Lowerer::for_output(self.texts.clone(), globals, self.functions.clone())
                .within(self.printing()),
        )
    }

    /// `parts` with every declared name at its value in `solution` and the
    /// integers `extra` bound (a move's parameters).
    pub fn render_parts(
        &self,
        parts: &[TemplatePart],
        solution: &[i64],
        extra: &[(String, i64)],
    ) -> R<String> {
        let mut env = self.environment(solution, self.printing());
        env.bind(
            extra
                .iter()
                .map(|(n, v)| (n.clone(), Value::Int(*v)))
                .collect(),
        );
        fill(parts, env)
    }

    /// The solution drawn as the spec's board, if it declares one.
    pub fn board(&self, solution: &[i64]) -> R<Option<Board>> {
        self.board_within(solution, self.printing())
    }

    fn board_within(&self, solution: &[i64], budget: Budget) -> R<Option<Board>> {
        let Some(e) = self.board.as_ref().map(|b| &b.cells) else {
            return Ok(None);
        };
        let value = self.environment(solution, budget).eval(e)?;
        Board::read(&value, e.span).map(Some)
    }

    /// The board as `solve` prints it (a solution without a template, a
    /// position of a puzzle of moves): the cells aligned, a blank cell
    /// showing its `style`'s symbol (a disc, a circle), so that a board
    /// drawn by its styles alone (Flip It's discs) reads in the terminal
    /// as it does in `solve draw`.
    pub fn board_text(&self, solution: &[i64]) -> R<Option<String>> {
        self.board_text_within(solution, self.printing())
    }

    fn board_text_within(&self, solution: &[i64], budget: Budget) -> R<Option<String>> {
        let Some(mut board) = self.board_within(solution, budget.clone())? else {
            return Ok(None);
        };
        let styled = (self.board.as_ref())
            .is_some_and(|b| b.layers.iter().any(|(l, _)| *l == BoardLayer::Style));
        if styled && board.has_blank() {
            let values = self.board_values(solution, false, budget)?;
            board.show_styles(&Drawing::read(&values, false)?);
        }
        Ok(Some(board.text()))
    }

    /// Whether solutions are printed through the spec's template.
    pub fn templated(&self) -> bool {
        self.template.is_some()
    }

    /// A board as JSON, texts by their names (see [`Board::json`]).
    pub fn board_json(&self, board: &Board) -> serde_json::Value {
        board.json(&self.texts)
    }

    /// The symbolic value of a declared variable, array or alias (its
    /// variables, in nested lists for an array).
    pub fn declared(&self, name: &str) -> Option<&Value> {
        self.declared
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
    }

    /// The value of a declared variable, array or alias in a solution.
    pub fn value(&self, name: &str, solution: &[i64]) -> Option<Value> {
        let (_, v) = self.declared.iter().find(|(n, _)| n == name)?;
        Some(self.instantiate(v, solution))
    }

    /// The solution as text: the spec's template, its board, or
    /// `name = value` lines (those when the time limit cuts the template
    /// short: see [`OutputPlan::printed`]).
    pub fn render(&self, solution: &[i64]) -> R<String> {
        self.printed(solution).map(|p| p.text)
    }

    /// The solution as printed: through the template or the board within
    /// the printing's time (`OutputPlan::printing`), else, when that
    /// runs out during their evaluation, as the `name = value` lines a
    /// spec without a template prints, marked cut. A template that is
    /// wrong or too large (items, memory) is still an error.
    pub fn printed(&self, solution: &[i64]) -> R<Printed> {
        match self.render_within(solution, self.printing()) {
            Ok(text) => Ok(Printed { text, cut: false }),
            Err(d) if d.is_stopped() => Ok(Printed {
                text: self.lines(solution),
                cut: true,
            }),
            Err(d) => Err(d),
        }
    }

    /// The budget of printing a solution that was found: the run's
    /// deadline and twice [`PRINT_GRACE`] more, signals not read (a limit
    /// or a signal that stopped the search does not stop the printing of
    /// what it found, and a solution begun within the grace the printer
    /// has after a stop has as long again to be written; the items and
    /// memory still bound one solution's output).
    fn printing(&self) -> Budget {
        Budget::for_printing(&Stop::at(self.stop.deadline().map(|d| d + 2 * PRINT_GRACE)))
    }

    fn render_within(&self, solution: &[i64], budget: Budget) -> R<String> {
        let mut out = match &self.template {
            Some(parts) => self.fill_compiled(parts, solution, budget)?,
            None if self.board.is_some() => {
                self.board_text_within(solution, budget)?.expect("declared")
            }
            None => return Ok(self.lines(solution)),
        };
        if !out.ends_with('\n') {
            out.push('\n');
        }
        Ok(out)
    }

    /// Every declared variable and array as `name = value` (a 2-D array
    /// as rows under `name =`): no expression of the spec is evaluated.
    fn lines(&self, solution: &[i64]) -> String {
        let mut out = String::new();
        for name in &self.printed {
            let v = self.value(name, solution).expect("declared");
            match &v {
                Value::List(a) if a.items.iter().any(|i| matches!(i, Value::List(_))) => {
                    let _ = writeln!(out, "{name} =\n{}", grid(a));
                }
                _ => {
                    let _ = writeln!(out, "{name} = {}", plain(&v));
                }
            }
        }
        out
    }

    /// A value of this plan's solutions as JSON (see [`to_json`]).
    pub(crate) fn value_json(&self, v: &Value) -> serde_json::Value {
        to_json(v, &self.texts)
    }

    /// The solution as one JSON object: every declared variable by name.
    pub fn json(&self, solution: &[i64]) -> serde_json::Value {
        let mut map = serde_json::Map::new();
        for (name, v) in &self.declared {
            let value = self.instantiate(v, solution);
            let _ = map.insert(name.clone(), to_json(&value, &self.texts));
        }
        serde_json::Value::Object(map)
    }

    /// The template at `solution`: each part by its compiled code, or by
    /// the interpreter where the code gives up (a form it leaves aside, or
    /// an error, which the interpreter then reports).
    fn fill_compiled(&self, parts: &[TemplatePart], solution: &[i64], budget: Budget) -> R<String> {
        let mut out = String::new();
        let mut run = compiled::Run {
            plan: self,
            solution,
            slots: vec![Value::Int(0); self.slots],
            budget: budget.clone(),
        };
        let mut env = None;
        for (part, code) in parts.iter().zip(&self.compiled) {
            match part {
                TemplatePart::Text(t) => out.push_str(t),
                TemplatePart::Expr(e) => {
                    let value = match code.as_ref().and_then(|(code, _)| run.eval(code)) {
                        Some(v) => run.fixed(v),
                        None => {
                            if let Some(d) = run.budget.timed_out() {
                                return Err(d);
                            }
                            env.get_or_insert_with(|| self.environment(solution, budget.clone()))
                                .eval(e)?
                        }
                    };
                    out.push_str(&format_value(&value, e.span)?);
                }
            }
        }
        Ok(out)
    }

    /// Whether every expression part of the template compiled.
    #[cfg(test)]
    pub(crate) fn template_compiles(&self) -> bool {
        let parts = self.template.as_deref().expect("a template");
        parts
            .iter()
            .zip(&self.compiled)
            .filter(|(p, _)| matches!(p, TemplatePart::Expr(_)))
            .all(|(_, c)| c.is_some())
    }

    /// The template at `solution` by its compiled code, and through the
    /// interpreter alone: the reference the compiled code is tested
    /// against (`src/session/compiled_output.rs`, where a session finds
    /// the solutions).
    #[cfg(test)]
    pub(crate) fn fill_both(&self, solution: &[i64]) -> (R<String>, R<String>) {
        let parts = self.template.as_deref().expect("a template");
        let fast = self.fill_compiled(parts, solution, self.printing());
        let slow = fill(parts, self.environment(solution, self.printing()));
        (fast, slow)
    }

    /// An evaluator in which every declared name holds its solution value,
    /// bounded by `budget`.
    fn environment(&self, solution: &[i64], budget: Budget) -> Lowerer {
        let mut globals = self.params.clone();
        for (name, v) in &self.declared {
            let _ = globals.insert(name.clone(), self.instantiate(v, solution));
        }
        Lowerer::for_output(self.texts.clone(), globals, self.functions.clone()).within(budget)
    }

    /// A declared value at a solution: a variable over texts reads as its
    /// text.
    fn instantiate(&self, v: &Value, solution: &[i64]) -> Value {
        match v {
            Value::Lin(e) => {
                if let [(1, x)] = e.terms[..]
                    && e.constant == 0
                    && self.text_vars[x.index()]
                    && let Some(t) = self.texts.text(solution[x.index()])
                {
                    return Value::Str(t.clone());
                }
                Value::Int(
                    e.constant
                        + e.terms
                            .iter()
                            .map(|&(a, x)| a * solution[x.index()])
                            .sum::<i64>(),
                )
            }
            Value::Lit(l) => Value::Bool(l.holds(solution[l.var.index()])),
            Value::List(a) => Value::List(Arc::new(Array {
                items: a
                    .items
                    .iter()
                    .map(|i| self.instantiate(i, solution))
                    .collect(),
                ..**a
            })),
            other => other.clone(),
        }
    }
}

fn scalar(v: &Value) -> String {
    match v {
        Value::Int(i) => i.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Str(s) => s.to_string(),
        Value::Range(lo, hi) => format!("{lo}..{hi}"),
        Value::Set(s) => format!(
            "{{{}}}",
            s.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
        ),
        Value::List(_) => plain(v),
        Value::Lin(_) | Value::Lit(_) => unreachable!("instantiated"),
    }
}

/// `[1, 2, 3]`, nested for 2-D.
fn plain(v: &Value) -> String {
    match v {
        Value::List(a) => format!(
            "[{}]",
            a.items.iter().map(plain).collect::<Vec<_>>().join(", ")
        ),
        other => scalar(other),
    }
}

/// Rows on lines, cells separated by one space.
fn grid(a: &Array) -> String {
    a.items
        .iter()
        .map(|row| match row {
            Value::List(r) => r.items.iter().map(scalar).collect::<Vec<_>>().join(" "),
            other => scalar(other),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether `v` holds no expression over variables (`[-b]` for a boolean
/// `b` is one: an integer expression made of a literal).
fn is_fixed(v: &Value) -> bool {
    match v {
        Value::Lin(_) | Value::Lit(_) => false,
        Value::List(a) => a.items.iter().all(is_fixed),
        _ => true,
    }
}

/// A template value: a 2-D list as a grid, a list as space-separated items.
fn format_value(v: &Value, span: Span) -> R<String> {
    if !is_fixed(v) {
        return Err(Diagnostic::new("output value is not fixed", span));
    }
    match v {
        Value::List(a) if a.items.iter().any(|i| matches!(i, Value::List(_))) => Ok(grid(a)),
        Value::List(a) => Ok(a.items.iter().map(scalar).collect::<Vec<_>>().join(" ")),
        Value::Lin(_) | Value::Lit(_) => Err(Diagnostic::new("output value is not fixed", span)),
        other => Ok(scalar(other)),
    }
}

/// A value as JSON: an array indexed by texts (`index = "colours"`) is an
/// object keyed by its texts (`{"green": 1, "red": 3}`).
pub(crate) fn to_json(v: &Value, texts: &Texts) -> serde_json::Value {
    match v {
        Value::Int(i) => serde_json::Value::from(*i),
        Value::Bool(b) => serde_json::Value::from(*b),
        Value::List(a) if a.by_text => {
            let mut map = serde_json::Map::new();
            for (code, item) in (a.base..).zip(&a.items) {
                let key = texts
                    .text(code)
                    .map_or_else(|| code.to_string(), |t| t.to_string());
                let _ = map.insert(key, to_json(item, texts));
            }
            serde_json::Value::Object(map)
        }
        Value::List(a) => {
            serde_json::Value::Array(a.items.iter().map(|item| to_json(item, texts)).collect())
        }
        other => serde_json::Value::from(scalar(other)),
    }
}

/// A template's text with every `{expr}` evaluated in `env`.
fn fill(parts: &[TemplatePart], mut env: Lowerer) -> R<String> {
    let mut out = String::new();
    for part in parts {
        match part {
            TemplatePart::Text(t) => out.push_str(t),
            TemplatePart::Expr(e) => {
                let v = env.eval(e)?;
                out.push_str(&format_value(&v, e.span)?);
            }
        }
    }
    Ok(out)
}
