//! The syntax tree of expressions, and of a whole spec after loading.
//!
//! Expressions keep the span of every node in the TOML file (or in the
//! `--set` argument they came from), so later stages can point at them.

use crate::model::plan::{Consistency, Sense};
use crate::source::Span;
use crate::spec::origin::Name;

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Int(i64),
    Bool(bool),
    Str(String),
    Name(String),
    Unary(UnaryOp, Box<Expr>),
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    Index(Box<Expr>, Box<Expr>),
    Call(Name, Vec<Expr>),
    List(Vec<Expr>),
    Set(Vec<Expr>),
    /// `[head for x in xs if c]`, and the argument of `sum(head for ...)`.
    Comprehension(Box<Expr>, Vec<Clause>),
}

impl Expr {
    /// Calls `visit` with every name this expression mentions: names read
    /// and functions called (generator variables included).
    pub fn visit_names(&self, visit: &mut dyn FnMut(&str)) {
        let all = |es: &[&Expr], visit: &mut dyn FnMut(&str)| {
            es.iter().for_each(|e| e.visit_names(visit));
        };
        match &self.kind {
            ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Str(_) => {}
            ExprKind::Name(n) => visit(n),
            ExprKind::Unary(_, a) => all(&[a], visit),
            ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => all(&[a, b], visit),
            ExprKind::If(c, a, b) => all(&[c, a, b], visit),
            ExprKind::Call(name, args) => {
                visit(&name.text);
                args.iter().for_each(|e| e.visit_names(visit));
            }
            ExprKind::List(items) | ExprKind::Set(items) => {
                items.iter().for_each(|e| e.visit_names(visit));
            }
            ExprKind::Comprehension(head, clauses) => {
                head.visit_names(visit);
                for clause in clauses {
                    match clause {
                        Clause::For(_, e) | Clause::If(e) => e.visit_names(visit),
                    }
                }
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    Neg,
    Not,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    /// `x ^ k`: power, `k` a constant at least 0.
    Pow,
    /// `a ++ b`: list concatenation.
    Concat,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    In,
    Range,
    And,
    Or,
    Implies,
    Iff,
}

impl BinaryOp {
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinaryOp::Eq
                | BinaryOp::Ne
                | BinaryOp::Lt
                | BinaryOp::Le
                | BinaryOp::Gt
                | BinaryOp::Ge
                | BinaryOp::In
        )
    }

    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
            BinaryOp::Pow => "^",
            BinaryOp::Concat => "++",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::In => "in",
            BinaryOp::Range => "..",
            BinaryOp::And => "and",
            BinaryOp::Or => "or",
            BinaryOp::Implies => "->",
            BinaryOp::Iff => "<->",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Clause {
    For(Name, Expr),
    If(Expr),
}

/// `(a, b) => body`, from `[functions]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: Name,
    pub params: Vec<Name>,
    pub body: Expr,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: Name,
    pub value: Expr,
    /// `{ index = "1..5", value = [...] }`: the list's index range (one
    /// per dimension), as for a variable array; empty: indexed from 0.
    pub index: Vec<Expr>,
    /// The spec's own value, when `--set` replaced it: the replacement
    /// must be of the same kind.
    pub default: Option<Expr>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Var {
    pub name: Name,
    pub domain: Expr,
    /// Empty for a scalar, one range per dimension for an array.
    pub index: Vec<Expr>,
    /// Names of the elements of a 1-D array.
    pub aliases: Vec<Name>,
    /// `define = "EXPR"`: a variable equal to an expression over the other
    /// variables (with `index`, an array equal to a list); `domain` then
    /// holds that expression, and each domain is its element's bounds.
    pub derived: bool,
    /// `shown = false`: the model's own bookkeeping (Hidato's positions),
    /// used in the reasoning of `solve steps` but never shown; `None`:
    /// shown unless an `[output]` board's cells name another variable.
    pub shown: Option<bool>,
}

impl Var {
    /// `domain = "bool"`: a 0/1 variable read and printed as false/true.
    pub fn is_boolean(&self) -> bool {
        !self.derived && matches!(&self.domain.kind, ExprKind::Name(n) if n == "bool")
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct ConstraintDecl {
    pub name: Name,
    pub expr: Expr,
    /// From `[symmetry]`: dropped by `--no-symmetry`.
    pub symmetry: bool,
    /// Overrides the spec-wide consistency for this constraint.
    pub consistency: Option<Consistency>,
    /// What a step of `solve steps` that uses one of its items costs
    /// (`weight = N`, default 1).
    pub weight: u64,
    /// `say = "row {r} holds each digit once"`: how a step names one of its
    /// items, `{r}` a generator value of a top-level `forall`.
    pub say: Option<(String, Span)>,
}

/// A declared symmetry of the solutions, from `[symmetry]`:
/// `name = { grid = "EXPR" }` and the like.
#[derive(Clone, Debug, PartialEq)]
pub struct SymmetryDecl {
    pub name: Name,
    pub kind: SymmetryKind,
    /// The structure the group acts on (a grid, a list of lines, the
    /// variables whose values are interchangeable).
    pub expr: Expr,
    /// `map`: where the cell at an index goes, `(i, j, ...) => index`.
    pub index: Option<Function>,
    /// `map`: what a value becomes, `(v) => value`.
    pub value: Option<Function>,
}

/// What a declared symmetry permutes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymmetryKind {
    /// The eight symmetries of a square grid (four of a rectangle).
    Grid,
    /// The rows of a 2-D list, in any order.
    Rows,
    /// The columns of a 2-D list, in any order.
    Columns,
    /// The values of the variables, renamed by any permutation.
    Values,
    /// The sequence, read backwards.
    Reverse,
    /// One map of the cells (`index`) and of their values (`value`),
    /// written as functions: the group it generates.
    Map,
}

/// The declaration keys, in the order messages list them.
pub const SYMMETRY_KINDS: &[(&str, SymmetryKind)] = &[
    ("grid", SymmetryKind::Grid),
    ("rows", SymmetryKind::Rows),
    ("columns", SymmetryKind::Columns),
    ("values", SymmetryKind::Values),
    ("reverse", SymmetryKind::Reverse),
    ("map", SymmetryKind::Map),
];

/// The keys that go with `map`.
pub const MAP_KEYS: &[&str] = &["index", "value"];

/// `break = "..."` in `[symmetry]`: what the declared symmetries generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymmetryBreak {
    /// Nothing: the declarations serve `--unique` and `check-symmetry`.
    None,
    /// A lexicographic-leader constraint per group element.
    LexLeader,
}

pub const SYMMETRY_BREAKS: &[(&str, SymmetryBreak)] = &[
    ("none", SymmetryBreak::None),
    ("lex-leader", SymmetryBreak::LexLeader),
];

pub use super::setting::PhaseDecl;
pub use super::settings::SearchSettings;

/// `[objective]`: `minimize = "EXPR"` or `maximize = "EXPR"`.
#[derive(Clone, Debug, PartialEq)]
pub struct ObjectiveDecl {
    pub sense: Sense,
    pub expr: Expr,
}

/// `[game]`: the spec's solutions are the codes of a guessing game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameDecl {
    /// The variables that form the code (a variable, an array, a list).
    pub code: Expr,
    /// `(secret, guess) => answer`: an integer or a list of integers.
    pub answer: Function,
    /// The answer that ends the game.
    pub win: Expr,
    /// How an answer reads (a template over `answer`).
    pub show: Option<Vec<TemplatePart>>,
    /// The guesser's first guess, whatever its strategy (a code).
    pub opening: Option<Expr>,
    /// The `[game]` table, for messages.
    pub span: Span,
}

/// `[generate]`: how `solve generate` makes new puzzles of the spec: which
/// param holds the clues, which variables they fill, the value of a blank,
/// the symmetry of the clue pattern, the grade wanted and a seed.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateDecl {
    /// The param that holds the clues (`puzzle`).
    pub clues: Name,
    /// What gives a solution's clues: the variables they fill, cell by
    /// cell, or an expression over the variables.
    pub source: ClueSource,
    /// The value of a blank clue (default 0).
    pub blank: i64,
    /// The symmetry the clue pattern keeps (default `none`).
    pub symmetry: Option<(String, Span)>,
    /// The grade wanted: a consistency level or `search`.
    pub grade: Option<(String, Span)>,
    /// The first seed (default 1; `--seed` overrides it).
    pub seed: u64,
    /// How to search for the random full solution a puzzle is drawn from
    /// (default `value=random restart=luby`, the spec's variable order).
    pub draw: crate::spec::settings::SearchSettings,
    /// The `[generate]` table, for messages.
    pub span: Span,
}

/// Where a full solution's clues come from.
#[derive(Clone, Debug, PartialEq)]
pub enum ClueSource {
    /// `fills = "x"`: the declared array the clues fill, of their shape;
    /// each clue is its cell's value.
    Fills(Name),
    /// `derive = "EXPR"`: the clues computed from the solution (a
    /// killer's cage sums, a skyscraper's views), of the clues' shape.
    Derive(Expr),
}

/// `[puzzle]`: the spec's variables are the state of a puzzle of moves.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleDecl {
    /// One character per value (`"_BW"`: 0 is `_`), to read and print
    /// positions; without it a position is its values.
    pub alphabet: Option<(String, Span)>,
    /// The start position, as written (`--start` replaces it).
    pub start: Option<(String, Span)>,
    /// The goal: a condition over the state.
    pub goal: Expr,
    /// A lower bound on the cost still to pay from a state (for A*).
    pub heuristic: Option<Expr>,
    /// What a move into a state the constraints rule out is.
    pub invalid: InvalidMove,
    pub span: Span,
}

/// `[puzzle] invalid`: a move into a state the spec's constraints rule
/// out is a dead end (the move does not apply: the constraints act as a
/// precondition of every move) or an error in the spec.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InvalidMove {
    #[default]
    DeadEnd,
    Error,
}

pub const INVALID_MOVES: &[(&str, InvalidMove)] = &[
    ("dead-end", InvalidMove::DeadEnd),
    ("error", InvalidMove::Error),
];

/// One entry of a move's `next`: a state variable (`cell = "..."`) or one
/// element of it (`"peg[d]" = "..."`, the indices over the params and the
/// move's parameters), and its value after the move.
#[derive(Clone, Debug, PartialEq)]
pub struct Assignment {
    /// The variable (its span is the whole key).
    pub name: Name,
    /// The element's indices, outermost first (none: the whole variable).
    pub index: Vec<Expr>,
    pub value: Expr,
}

/// `[moves.NAME]`: a parameterised move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveDecl {
    pub name: Name,
    /// `for = { p = "0..n-1", ... }`: the move's parameters and their
    /// ranges (nested, in order).
    pub params: Vec<(Name, Expr)>,
    /// The precondition (over the state and the parameters).
    pub when: Option<Expr>,
    /// The next value of state variables or of their elements (the others
    /// keep theirs).
    pub next: Vec<Assignment>,
    /// The move's cost (default 1).
    pub cost: Option<Expr>,
    /// How the move is printed (a template over its parameters and the state before it).
    pub show: Option<Vec<TemplatePart>>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TemplatePart {
    Text(String),
    Expr(Expr),
}

/// A loaded spec: every expression parsed, names not yet checked.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Spec {
    pub name: Option<String>,
    pub description: Option<String>,
    pub params: Vec<Param>,
    pub vars: Vec<Var>,
    pub functions: Vec<Function>,
    pub constraints: Vec<ConstraintDecl>,
    /// Declared symmetries (`[symmetry]` entries that are tables with a
    /// `grid`, `rows`, ... key).
    pub symmetries: Vec<SymmetryDecl>,
    /// `[symmetry] break`, with its position.
    pub symmetry_break: Option<(SymmetryBreak, Span)>,
    pub search: SearchSettings,
    /// `[search] threads = N`: how many threads a run of this spec
    /// searches with (a run setting: neither the search plan nor the
    /// compiled model holds it; the spec says no limit).
    pub run: crate::spec::settings::RunSettings,
    pub objective: Option<ObjectiveDecl>,
    pub game: Option<GameDecl>,
    pub puzzle: Option<PuzzleDecl>,
    pub moves: Vec<MoveDecl>,
    pub generate: Option<GenerateDecl>,
    /// `[experiments]`: named configurations for `solve compare`
    /// (`name = "var=first-fail value=min"`), read and checked.
    pub experiments: Vec<super::experiments::Experiment>,
    pub output: OutputDecl,
}

/// `[output]`: how a solution is printed (`template`) and drawn (`board`).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct OutputDecl {
    pub template: Option<Vec<TemplatePart>>,
    /// The solution as a grid: a 2-D list (rows of cells) or one row, of
    /// integers, booleans or texts; what the playground draws, and what
    /// the command line prints when there is no template. With a table,
    /// the layers that draw it as the puzzle is drawn.
    pub board: Option<BoardDecl>,
}

/// `[output] board`: `board = "EXPR"` is the cells alone; `board = {
/// cells = "...", regions = "...", ... }` adds the layers, each an
/// expression (see `output::drawing` for what each gives).
#[derive(Clone, Debug, PartialEq)]
pub struct BoardDecl {
    pub cells: Expr,
    /// The optional layers by key, in the order of [`BOARD_LAYERS`].
    pub layers: Vec<(BoardLayer, Expr)>,
}

/// A layer of a declared board: what its expression gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardLayer {
    /// Each cell's region: thick borders between cells of two regions.
    Regions,
    /// Each cell: whether its value is given (a clue), drawn apart.
    Givens,
    /// Each cell: a label in its top-left corner (`''` for none).
    Corners,
    /// Each cell: `[across, down]` for a clue cell split diagonally.
    Split,
    /// Each cell: a style name (`shaded`, `dot`, ...; `''` for none).
    Style,
    /// Clues outside the grid, one per column or row.
    Top,
    Bottom,
    Left,
    Right,
    /// Segments `[r1, c1, r2, c2]` (and strokes) between cell centres.
    Lines,
    /// Segments `[r1, c1, r2, c2]` between the grid's points.
    Edges,
}

/// The keys of a board table after `cells`, with their layers.
pub const BOARD_LAYERS: &[(&str, BoardLayer)] = &[
    ("regions", BoardLayer::Regions),
    ("givens", BoardLayer::Givens),
    ("corners", BoardLayer::Corners),
    ("split", BoardLayer::Split),
    ("style", BoardLayer::Style),
    ("top", BoardLayer::Top),
    ("bottom", BoardLayer::Bottom),
    ("left", BoardLayer::Left),
    ("right", BoardLayer::Right),
    ("lines", BoardLayer::Lines),
    ("edges", BoardLayer::Edges),
];

/// The style names a board's `style` layer may give (`''` for none):
/// each drawn by the SVG and the terminal (see `output::drawing`).
pub const BOARD_STYLES: &[&str] = &["shaded", "dot", "circle", "disc", "cross"];

impl BoardDecl {
    /// The board of cells alone (`board = "EXPR"`).
    pub fn cells(cells: Expr) -> BoardDecl {
        BoardDecl {
            cells,
            layers: Vec::new(),
        }
    }

    /// Every expression of the board: the cells, then each layer's.
    pub fn exprs(&self) -> impl Iterator<Item = &Expr> {
        std::iter::once(&self.cells).chain(self.layers.iter().map(|(_, e)| e))
    }

    /// The expression of `layer`, if declared.
    pub fn layer(&self, layer: BoardLayer) -> Option<&Expr> {
        self.layers
            .iter()
            .find(|(l, _)| *l == layer)
            .map(|(_, e)| e)
    }

    /// The key that declares `layer` (for messages).
    pub fn key(layer: BoardLayer) -> &'static str {
        BOARD_LAYERS
            .iter()
            .find(|(_, l)| *l == layer)
            .map_or("cells", |(k, _)| k)
    }
}
