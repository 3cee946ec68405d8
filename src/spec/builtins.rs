//! The builtin functions, in one table: each one's name, arity, where it may
//! be used and what it means. Name checking reads the arity from here,
//! lowering matches on [`Builtin`] (an exhaustive match, so a builtin added
//! here cannot be forgotten there), and `did you mean` suggestions list the
//! names.

/// A builtin function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    Abs,
    Min,
    Max,
    Sum,
    Product,
    Count,
    Forall,
    Exists,
    Len,
    Chars,
    Words,
    Int,
    Require,
    IndexSet,
    Reverse,
    Row,
    Col,
    AllDifferent,
    LexLess,
    LexLessEq,
    Join,
    Table,
    GlobalCardinality,
    Circuit,
    Subcircuit,
    Inverse,
    Connected,
    SingleLoop,
    SinglePath,
    Regular,
    NonogramLine,
    Increasing,
    Decreasing,
    Cumulative,
    Disjunctive,
    DisjunctiveStrict,
    Member,
    AllDifferentExcept0,
    AllDifferentExcept,
}

/// Where a builtin may appear.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Usage {
    /// In any expression.
    Anywhere,
    /// Only as a constraint of its own (a global constraint with no
    /// reified form).
    Constraint,
    /// Only where text is wanted (output templates).
    Text,
}

/// One row of the table.
#[derive(Clone, Copy, Debug)]
pub struct BuiltinInfo {
    pub builtin: Builtin,
    pub name: &'static str,
    pub arity: Arity,
    pub usage: Usage,
    /// The meaning on constants, as the book states it (docs/spec-language.md).
    pub meaning: &'static str,
}

const fn row(
    builtin: Builtin,
    name: &'static str,
    arity: Arity,
    usage: Usage,
    meaning: &'static str,
) -> BuiltinInfo {
    BuiltinInfo {
        builtin,
        name,
        arity,
        usage,
        meaning,
    }
}

/// How many arguments a call takes: from `min` to `max`, or `min` or
/// more when `max` is `None`. It words itself for every message that
/// states an arity (a wrong call, a builtin's hover): "1 argument", "1 or
/// 2 arguments", "1 to 3 arguments", "1 or more arguments".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arity {
    pub min: usize,
    pub max: Option<usize>,
}

impl Arity {
    pub const fn exactly(n: usize) -> Arity {
        Arity {
            min: n,
            max: Some(n),
        }
    }

    pub const fn range(min: usize, max: usize) -> Arity {
        Arity {
            min,
            max: Some(max),
        }
    }

    pub const fn at_least(min: usize) -> Arity {
        Arity { min, max: None }
    }

    /// Whether a call with `count` arguments matches.
    pub fn admits(self, count: usize) -> bool {
        count >= self.min && self.max.is_none_or(|max| count <= max)
    }
}

impl std::fmt::Display for Arity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.min, self.max) {
            (1, Some(1)) => write!(f, "1 argument"),
            (n, Some(m)) if n == m => write!(f, "{n} arguments"),
            (n, Some(m)) if m == n + 1 => write!(f, "{n} or {m} arguments"),
            (n, Some(m)) => write!(f, "{n} to {m} arguments"),
            (0, None) => write!(f, "any number of arguments"),
            (n, None) => write!(f, "{n} or more arguments"),
        }
    }
}

pub const BUILTINS: &[BuiltinInfo] = &[
    row(
        Builtin::Abs,
        "abs",
        Arity::exactly(1),
        Usage::Anywhere,
        "absolute value",
    ),
    row(
        Builtin::Min,
        "min",
        Arity::at_least(1),
        Usage::Anywhere,
        "smallest of the arguments or of one list",
    ),
    row(
        Builtin::Max,
        "max",
        Arity::at_least(1),
        Usage::Anywhere,
        "largest of the arguments or of one list",
    ),
    row(
        Builtin::Sum,
        "sum",
        Arity::exactly(1),
        Usage::Anywhere,
        "sum of a list or generator (0 when empty)",
    ),
    row(
        Builtin::Product,
        "product",
        Arity::exactly(1),
        Usage::Anywhere,
        "product of a list or generator (1 when empty)",
    ),
    row(
        Builtin::Count,
        "count",
        Arity::range(1, 2),
        Usage::Anywhere,
        "number of true items; `count(xs, v)`: number of items equal to v",
    ),
    row(
        Builtin::Forall,
        "forall",
        Arity::exactly(1),
        Usage::Anywhere,
        "every item is true (true when empty)",
    ),
    row(
        Builtin::Exists,
        "exists",
        Arity::exactly(1),
        Usage::Anywhere,
        "some item is true (false when empty)",
    ),
    row(
        Builtin::Len,
        "len",
        Arity::exactly(1),
        Usage::Anywhere,
        "number of items of a list, range or set, or of characters of a text",
    ),
    row(
        Builtin::Chars,
        "chars",
        Arity::exactly(1),
        Usage::Anywhere,
        "the characters of a text, each a text, indexed from 0: `chars(\"AAB\")` is ['A', 'A', 'B']",
    ),
    row(
        Builtin::Words,
        "words",
        Arity::exactly(1),
        Usage::Anywhere,
        "the words of a text (split at spaces), each a text, indexed from 0: `words(\"10 . 3\")` is ['10', '.', '3']",
    ),
    row(
        Builtin::Require,
        "require",
        Arity::range(2, 3),
        Usage::Anywhere,
        "true, or an error: `require(cond, 'message')` stops with the message where `cond`, a condition on params, is false (`require(cond, 'message', v)` shows the value `v` after it); a picture's rule said in its own words",
    ),
    row(
        Builtin::Int,
        "int",
        Arity::exactly(1),
        Usage::Anywhere,
        "the number a text of digits writes: `int('3')` is 3",
    ),
    row(
        Builtin::IndexSet,
        "index_set",
        Arity::exactly(1),
        Usage::Anywhere,
        "the indices of a list, as a range: 0..n-1 for a comprehension, 1..n for a row of an array declared from 1",
    ),
    row(
        Builtin::Reverse,
        "reverse",
        Arity::exactly(1),
        Usage::Anywhere,
        "the list's items in reverse order, with the list's indices",
    ),
    row(
        Builtin::Row,
        "row",
        Arity::exactly(2),
        Usage::Anywhere,
        "row i of a list of lists (by its indices): `row(m, i)` is `m[i]`",
    ),
    row(
        Builtin::Col,
        "col",
        Arity::exactly(2),
        Usage::Anywhere,
        "column j of a list of lists, indexed as the rows are",
    ),
    row(
        Builtin::AllDifferent,
        "alldifferent",
        Arity::at_least(1),
        Usage::Anywhere,
        "all values pairwise different",
    ),
    row(
        Builtin::LexLess,
        "lex_less",
        Arity::exactly(2),
        Usage::Constraint,
        "first list lexicographically before the second",
    ),
    row(
        Builtin::LexLessEq,
        "lex_lesseq",
        Arity::exactly(2),
        Usage::Constraint,
        "first list lexicographically before or equal to the second",
    ),
    row(
        Builtin::Table,
        "table",
        Arity::exactly(2),
        Usage::Anywhere,
        "the list equals one of the rows (a list of lists of integers)",
    ),
    row(
        Builtin::GlobalCardinality,
        "global_cardinality",
        Arity::exactly(3),
        Usage::Anywhere,
        "value i of the second list occurs exactly count i of the third list times in the first",
    ),
    row(
        Builtin::Circuit,
        "circuit",
        Arity::exactly(1),
        Usage::Constraint,
        "the successors (indices of the list) form one cycle through every position",
    ),
    row(
        Builtin::Subcircuit,
        "subcircuit",
        Arity::exactly(1),
        Usage::Constraint,
        "the positions whose successor is not themselves form one cycle (or none), as in MiniZinc",
    ),
    row(
        Builtin::Inverse,
        "inverse",
        Arity::exactly(2),
        Usage::Constraint,
        "two permutations, each the other's inverse: `f[i] == j` exactly when `invf[j] == i` (indices as the lists'), as in MiniZinc",
    ),
    row(
        Builtin::Connected,
        "connected",
        Arity::range(1, 3),
        Usage::Constraint,
        "the true cells of a grid form one connected piece (4 neighbours; `connected(grid, 8)`: 8), or the true items of a list along its edges `[[i, j], ...]` (each with a boolean of its own as a third list: only the true edges join)",
    ),
    row(
        Builtin::SingleLoop,
        "single_loop",
        Arity::range(2, 3),
        Usage::Constraint,
        "the true edges form one cycle: of a grid of points, `single_loop(h, v)` (h[r][c] joins (r, c) to (r, c+1), v[r][c] joins (r, c) to (r+1, c)), or of a graph, `single_loop(es, [[a, b], ...])`; a third argument, a grid of booleans (one per point), is true exactly at the points on the loop",
    ),
    row(
        Builtin::SinglePath,
        "single_path",
        Arity::range(4, 5),
        Usage::Constraint,
        "the true edges form one path from s to t: `single_path(h, v, [r1, c1], [r2, c2])` on a grid of points, `single_path(es, [[a, b], ...], s, t)` on a graph; a fifth argument, a grid of booleans (one per point), is true exactly at the points on the path",
    ),
    row(
        Builtin::Regular,
        "regular",
        Arity::range(2, 4),
        Usage::Constraint,
        "the list, read in order, takes the automaton (transitions [from, value, to], start, accepting states) from its start to an accepting state",
    ),
    row(
        Builtin::NonogramLine,
        "nonogram_line",
        Arity::exactly(2),
        Usage::Constraint,
        "the 0/1 list shows runs of 1s of the clue's lengths, in order, separated by 0s",
    ),
    row(
        Builtin::Increasing,
        "increasing",
        Arity::at_least(1),
        Usage::Anywhere,
        "each item at most the next",
    ),
    row(
        Builtin::Decreasing,
        "decreasing",
        Arity::at_least(1),
        Usage::Anywhere,
        "each item at least the next",
    ),
    row(
        Builtin::Join,
        "join",
        Arity::exactly(2),
        Usage::Text,
        "items as text separated by a string",
    ),
    row(
        Builtin::Cumulative,
        "cumulative",
        Arity::exactly(4),
        Usage::Constraint,
        "tasks (start, duration, requirement) never use more than the capacity at once; a task of duration or requirement 0 uses nothing, as in MiniZinc",
    ),
    row(
        Builtin::Disjunctive,
        "disjunctive",
        Arity::exactly(2),
        Usage::Constraint,
        "tasks (start, duration) never overlap; a task of duration 0 may be anywhere, as in MiniZinc",
    ),
    row(
        Builtin::DisjunctiveStrict,
        "disjunctive_strict",
        Arity::exactly(2),
        Usage::Constraint,
        "tasks (start, duration) never overlap, and a task of duration 0 is never inside another, as in MiniZinc",
    ),
    row(
        Builtin::Member,
        "member",
        Arity::exactly(2),
        Usage::Constraint,
        "the value equals some item of the list (an empty list: never), as in MiniZinc",
    ),
    row(
        Builtin::AllDifferentExcept0,
        "alldifferent_except_0",
        Arity::exactly(1),
        Usage::Constraint,
        "the items other than 0 pairwise different, as in MiniZinc",
    ),
    row(
        Builtin::AllDifferentExcept,
        "alldifferent_except",
        Arity::exactly(2),
        Usage::Constraint,
        "the items outside the listed values pairwise different, as MiniZinc's all_different_except",
    ),
];

/// The builtin called `name`, if there is one.
pub fn lookup(name: &str) -> Option<&'static BuiltinInfo> {
    BUILTINS.iter().find(|b| b.name == name)
}

/// Every builtin name.
pub fn names() -> impl Iterator<Item = &'static str> {
    BUILTINS.iter().map(|b| b.name)
}

#[cfg(test)]
mod tests {
    use super::Arity;

    #[test]
    fn an_arity_says_how_many_arguments_in_words() {
        let worded = [
            (Arity::exactly(1), "1 argument"),
            (Arity::exactly(2), "2 arguments"),
            (Arity::exactly(0), "0 arguments"),
            (Arity::range(1, 2), "1 or 2 arguments"),
            (Arity::range(1, 3), "1 to 3 arguments"),
            (Arity::at_least(1), "1 or more arguments"),
            (Arity::at_least(0), "any number of arguments"),
        ];
        for (arity, words) in worded {
            assert_eq!(arity.to_string(), words);
        }
        assert!(Arity::at_least(1).admits(usize::MAX) && !Arity::at_least(1).admits(0));
        assert!(Arity::range(1, 3).admits(3) && !Arity::range(1, 3).admits(4));
    }
}
