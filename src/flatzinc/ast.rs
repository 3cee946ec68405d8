//! A FlatZinc model as read, plain data: its parameters, variables,
//! constraint calls and solve item, each with where it was written. Names
//! are not resolved here (`build` does that).

use crate::source::Span;

/// A whole `.fzn` file.
#[derive(Clone, Debug, PartialEq)]
pub struct FznModel {
    pub params: Vec<ParDecl>,
    pub vars: Vec<VarDecl>,
    pub constraints: Vec<Call>,
    pub solve: Solve,
}

/// `int: n = 5;`, `array [1..3] of int: a = [1, 2, 3];`.
#[derive(Clone, Debug, PartialEq)]
pub struct ParDecl {
    pub name: String,
    pub ty: ParType,
    /// `Some(n)` for an array of `n` elements.
    pub array: Option<u64>,
    pub value: Expr,
    pub span: Span,
}

/// The type of a parameter or of an array's elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParType {
    Bool,
    Int,
    Float,
    SetOfInt,
}

/// `var 1..9: x :: output_var;`, `array [1..2] of var int: y = [x, 3];`.
#[derive(Clone, Debug, PartialEq)]
pub struct VarDecl {
    pub name: String,
    pub domain: Domain,
    /// `Some(n)` for an array of `n` variables.
    pub array: Option<u64>,
    pub annotations: Vec<Annotation>,
    /// What it is defined as: a value or another variable (`= x`), or for
    /// an array the list of its elements.
    pub value: Option<Expr>,
    pub span: Span,
}

/// What a variable may take.
#[derive(Clone, Debug, PartialEq)]
pub enum Domain {
    Bool,
    /// `var int`: no bounds written.
    Int,
    /// `var 1..9`.
    Range(i64, i64),
    /// `var {1, 3, 5}`.
    Set(Vec<i64>),
    /// `var float` or `var 0.0..1.0`: read so it can be refused by name.
    Float,
    /// `var set of 1..5`: read so it can be refused by name.
    SetOfInt,
}

/// An expression: a literal, a name, an element of an array, an array.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Bool(bool),
    Int(i64),
    Float(f64),
    /// `1..5` or `{1, 3}`: the values, sorted, without repeats.
    Set(Vec<i64>),
    /// `1..5` as written, which an index set or `output_array` reads.
    Range(i64, i64),
    String(String),
    Name(String),
    /// `a[3]` (FlatZinc arrays start at 1).
    Element(String, i64),
    Array(Vec<Expr>),
    /// In an annotation only: `int_search(x, input_order, ...)`.
    Call(Annotation),
}

/// `output_var`, `int_search(x, first_fail, indomain_min, complete)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Annotation {
    pub name: String,
    pub args: Vec<Expr>,
    pub span: Span,
}

/// A `constraint` item: a builtin or a native global, with its arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    pub name: String,
    pub args: Vec<Expr>,
    pub annotations: Vec<Annotation>,
    pub span: Span,
}

/// The solve item.
#[derive(Clone, Debug, PartialEq)]
pub struct Solve {
    pub goal: Goal,
    pub annotations: Vec<Annotation>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Goal {
    Satisfy,
    Minimize(Expr),
    Maximize(Expr),
}

impl Annotation {
    /// Whether this is the annotation `name` (with or without arguments).
    pub fn is(&self, name: &str) -> bool {
        self.name == name
    }
}
