//! The AST of a random constraint: integer and boolean expressions, lists,
//! collections and generators, and the names the printer gives them.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Arith {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Agg {
    Sum,
    Product,
    Min,
    Max,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Conn {
    And,
    Or,
    Implies,
    Iff,
}

pub(super) const CMPS: [&str; 6] = ["==", "!=", "<", "<=", ">", ">="];
pub(super) const GEN_NAMES: [&str; 6] = ["i", "j", "k", "l", "m", "n"];
pub(super) const HOLE_NAMES: [&str; 2] = ["u", "v"];
pub(super) const SCALAR_NAMES: [&str; 4] = ["a", "b", "c", "d"];
pub(super) const ELEMENT_NAMES: [&str; 4] = ["P", "Q", "R", "S"];

/// An integer expression; `None` from [`Eval::int`](super::eval::Eval::int) when it is undefined.
#[derive(Clone, Debug)]
pub(super) enum Int {
    Const(i64),
    /// A decision variable: its position in the assignment (the scalars,
    /// then the array elements) and how the text names it.
    Var(usize, String),
    /// A parameter of a function body (replaced by the argument).
    Hole(usize),
    /// A generator variable, by nesting level.
    Gen(usize),
    Neg(Box<Int>),
    Arith(Arith, Box<Int>, Box<Int>),
    Abs(Box<Int>),
    /// `a ^ k`, `k` a constant from 0 to 3.
    Pow(Box<Int>, u32),
    /// `min(a, b, ...)` or `max(a, b, ...)`, at least two arguments.
    MinMax(Agg, Vec<Int>),
    /// `sum(list)`, `min(list)`, `max(list)`.
    AggList(Agg, List),
    /// `sum(e for ...)`, `min(e for ...)`, `max(e for ...)`.
    AggGen(Agg, Gen, Box<Int>),
    /// `count([b, ...])`.
    Count(Vec<Bool>),
    /// `count([a, b, ...], v)`: how many items equal `v`.
    CountOf(Vec<Int>, Box<Int>),
    /// `count(b for ...)`.
    CountGen(Gen, Box<Bool>),
    /// `list[index]`.
    Elem(List, Box<Int>),
    /// `x[row][column]`: a cell of the 2-D array of variables, both
    /// indices expressions (variables, possibly out of range).
    Cell(Box<Int>, Box<Int>),
    Ite(Box<Bool>, Box<Int>, Box<Int>),
    /// A boolean in arithmetic: 0 or 1.
    FromBool(Box<Bool>),
    Len(List),
    /// A call of the integer function `f`: the arguments (printed) and the
    /// body with the arguments substituted (evaluated).
    Call(Vec<Int>, Box<Int>),
}

#[derive(Clone, Debug)]
pub(super) enum List {
    /// `[3, -1, 4]`, indexed from 0.
    Consts(Vec<i64>),
    /// The list param `p`, indexed from 0.
    Param,
    /// The array of variables `x`, indexed from its base.
    Array,
    /// `[a, b + 1, 2]`, indexed from 0.
    Items(Vec<Int>),
    /// `x[lo..hi]` (in the array's indices), indexed from 0.
    Slice(i64, i64),
    /// `[e for ...]`, indexed from 0.
    Comp(Gen, Box<Int>),
    /// `x[r]`: a row of the 2-D array of variables, indexed from the
    /// column base.
    Row(i64),
    /// `q[k]`: a row of the 2-D param, indexed from 0.
    TableRow(usize),
}

/// The right-hand side of `in`: always constant.
#[derive(Clone, Debug)]
pub(super) enum Coll {
    Range(i64, i64),
    Set(Vec<i64>),
    Consts(Vec<i64>),
    Param,
    TableRow(usize),
}

/// What a `for` clause iterates over.
#[derive(Clone, Debug)]
pub(super) enum Source {
    Range(i64, i64),
    /// Sorted, distinct.
    Set(Vec<i64>),
    Consts(Vec<i64>),
    Param,
    /// The array of variables: the generator variable is not a constant.
    Array,
    /// A row of the 2-D array of variables (not a constant either).
    Row(i64),
    TableRow(usize),
}

/// `for` clauses binding the levels `level`, `level + 1`, ..., and an
/// optional `if` filter over constant generator variables.
#[derive(Clone, Debug)]
pub(super) struct Gen {
    pub(super) level: usize,
    pub(super) fors: Vec<Source>,
    pub(super) filter: Option<Box<Bool>>,
}

/// A boolean expression: always defined (an undefined operand makes the
/// comparison, `in`, `alldifferent` or `lex_*` that holds it false).
#[derive(Clone, Debug)]
pub(super) enum Bool {
    Const(bool),
    Cmp(usize, Int, Int),
    In(Int, Coll),
    Not(Box<Bool>),
    Conn(Conn, Box<Bool>, Box<Bool>),
    Ite(Box<Bool>, Box<Bool>, Box<Bool>),
    AllDiffArgs(Vec<Int>),
    AllDiffList(List),
    AllDiffGen(Gen, Box<Int>),
    /// `lex_less` (strict) or `lex_lesseq` of two lists of the same length.
    Lex(bool, List, List),
    /// `table([a, b], rows)`, rows of constants as long as the items.
    Table(Vec<Int>, Vec<Vec<i64>>),
    /// `increasing(a, b, ...)` (true) or `decreasing(...)`.
    Monotone(bool, Vec<Int>),
    /// `global_cardinality([a, ...], [v, ...], [c, ...])`.
    Gcc(Vec<Int>, Vec<i64>, Vec<Int>),
    /// `circuit(list)`: the items, read as successors (indices in the
    /// list's own indices), form one cycle through every position; with
    /// `true`, `subcircuit(list)`: the positions that are not their own
    /// successor form one cycle, or none. A constraint of its own only,
    /// like `lex_less`; never empty.
    Circuit(bool, List),
    /// `regular(list, transitions, start, accepting)` (or, `true` last, the
    /// two-argument form with the automaton as one list): the items, read
    /// in order, take the automaton from its start to an accepting state.
    /// A constraint of its own only.
    Regular(List, Vec<(i64, i64, i64)>, i64, Vec<i64>, bool),
    /// `connected([a, ...], [[i, j], ...])` over 0/1 items (booleans in
    /// arithmetic) and a random graph on their indices (from 0); with a
    /// third list, a 0/1 item per edge, only the edges at 1 join (and have
    /// both ends at 1). A constraint of its own only.
    Connected(Vec<Int>, Vec<(usize, usize)>, Option<Vec<Int>>),
    /// `single_loop([e, ...], [[a, b], ...])` over 0/1 edge items, nodes
    /// named by integers; with ends, `single_path(..., s, t)`. A
    /// constraint of its own only.
    Way(Vec<Int>, Vec<(usize, usize)>, Option<(usize, usize)>),
    /// `nonogram_line(list, clue)`: the items are 0s and 1s whose runs of
    /// 1s have the clue's lengths. A constraint of its own only.
    Nonogram(List, Vec<i64>),
    /// `cumulative(starts, durations, requirements, capacity)` (with
    /// `Some((requirements, capacity))`), else `disjunctive(starts,
    /// durations)` or, `true` last, `disjunctive_strict`: starts are
    /// items, the rest constants at least 0 (MiniZinc asserts it). A
    /// constraint of its own only.
    Schedule(Vec<Int>, Vec<i64>, Option<(Vec<i64>, i64)>, bool),
    /// `member([a, ...], y)`: `y` equals one of the items (none: never).
    /// A constraint of its own only.
    Member(Vec<Int>, Int),
    /// `alldifferent_except([a, ...], [v, ...])` (`alldifferent_except_0`
    /// when the list is `[0]`): the items outside the values pairwise
    /// different. A constraint of its own only.
    AllDiffExcept(Vec<Int>, Vec<i64>),
    /// `a == b` (true) or `a != b` over lists, of any lengths.
    ListEq(bool, List, List),
    /// `forall(b for ...)` (true) or `exists(b for ...)` (false).
    Quant(bool, Gen, Box<Bool>),
    /// `forall([b, ...])` or `exists([b, ...])`.
    QuantList(bool, Vec<Bool>),
    /// A call of the boolean function `g`.
    Call(Vec<Int>, Box<Bool>),
}
