//! Differential testing: random small models over the whole expression
//! language of the README, counted by the binary under many search options
//! and by a brute-force enumeration written here.
//!
//! Every random constraint is built as a small AST that is both printed as
//! spec text and evaluated here, directly from the README's semantics
//! ("Expressions"): 64-bit integers, `/` rounding toward zero and `%` with the
//! sign of the dividend, booleans as 0 or 1 in arithmetic, and partial
//! operations after MiniZinc's relational semantics: an index out of range or
//! a divisor that is 0 makes the nearest enclosing boolean expression (a
//! comparison, an `in`, an `alldifferent`, a `lex_less`, a condition, a
//! constraint) false, and only the chosen branch of an `if` must be defined.
//! No code of the crate is used to evaluate anything.
//!
//! Models have 2 to 4 variables: scalars and/or an array (1-D, or 2x2),
//! domains of 2 to 5 values (ranges or sets, some negative), 1 to 3
//! constraints (mostly ones that hold on some assignments and not on others).
//! The generator covers linear and non-linear arithmetic, unary minus, `abs`,
//! `min`/`max` (arguments, lists and generators), `/` and `%` by constants
//! and by variable expressions that may be 0, element (`a[i]`) with variable
//! indices into constant lists, a list param `p`, the rows `q[k]` of a 2-D
//! param, the array of variables `x`, the rows `x[r]` of a 2-D one and its
//! cells `x[e1][e2]` (both indices expressions, possibly out of range),
//! lists of expressions, slices and comprehensions, `if then else` (integer
//! and boolean), `count`, `sum`, `product`, `forall`, `exists` over lists and generators
//! (ranges, sets, lists, params, the array of variables; several `for`
//! clauses; `if` filters; empty generators), `alldifferent` (arguments, a
//! list, a generator; sometimes two or three over shifts `±v + c` of the
//! same variables, which posting groups), `lex_less` / `lex_lesseq`, `table`, `increasing` /
//! `decreasing`, `count(xs, v)`, `global_cardinality`, `circuit` (of the
//! array, whose successors are its declared indices, of a row of a 2-D one,
//! of a slice, a list or a comprehension, indexed from 0; its array's domain
//! is often the index range give or take a value, so that some circuits
//! have solutions), `regular` (random automata of up to four states, some
//! nondeterministic, in both argument forms) and `nonogram_line` (clues of
//! up to two runs, `[]` and `[0]`), `in` (ranges, empty
//! ranges, sets, lists, params), `not`, `and`, `or`, `->`, `<->`, `len`,
//! booleans in arithmetic, integer and boolean functions of `[functions]`
//! (expanded at the call: arguments substituted), array element names
//! (`names = [...]`), arrays indexed from -1, 0, 1 or 2, params as TOML
//! arrays and as expression strings, per-constraint consistency levels,
//! `[symmetry]` rules (also counted with `--no-symmetry`) and a spec-wide
//! `[search]` section. Half of the models print with the fewest parentheses
//! the README's precedence table allows, half with every operand
//! parenthesised.
//!
//! Each model is counted with the default search and with 4 random
//! combinations of `--var`, `--value`, `--consistency`, `--restart`,
//! `--restart-scale`, `--seed` and `--order`, none of which may change the
//! number of solutions.
//!
//! Each model is also dumped once (`--dump-model`, with the options of one
//! of those runs, in turn: the default, a random combination, or
//! `--no-symmetry`), and the dump, a spec of the same language, is counted
//! with `--count` and no option (its `[search]` is the plan the run had;
//! past `DUMP_NODE_LIMIT` nodes, again with `--consistency propagate`):
//! it must give the brute-force count of what was dumped. A dump that
//! fails, or that the binary refuses to load (exit 2), is a disagreement
//! too: the dump must always be a valid spec.
//!
//! One model in three with a 1-D array is also run with `--unique` and a
//! declared symmetry of the array (`differential/unique.rs`), against the
//! classes of its solutions computed here.
//!
//! `DIFFERENTIAL_MODELS` (default 400), `DIFFERENTIAL_SEED` (default 1),
//! `DIFFERENTIAL_FIRST` (index of the first model, default 0) and
//! `DIFFERENTIAL_THREADS` (default: the available parallelism) configure the
//! run; `scripts/differential.sh` runs a large one.
//!
//! What the generator avoids, because the binary rejects it as a spec error
//! (exit 2): an index or a divisor that is constant once generators are
//! expanded (a constant index must be in range, a constant divisor is a
//! non-zero literal), including variable expressions that fold to a
//! constant (`x[a - a + 5]`, `x[a * 0 + 5]`: "index 5 is out of range");
//! `in` a collection over variables; `lex_less` of lists of different
//! lengths; `min`/`max` of an empty list; a variable index into a list of
//! lists but in the last position; `circuit` anywhere but in a conjunctive
//! position (a constraint of its own, as the README says). Two more are
//! rejected although the README does not say so: `lex_less`/`lex_lesseq`
//! anywhere but in a conjunctive position (a constraint, under `and`,
//! `forall`: "can only be a constraint of its own, not part of an
//! expression"), and indexing an empty list, even by a variable ("cannot
//! index an empty list", where the README's rule for an index out of range
//! would make the enclosing boolean false).

use std::collections::BTreeSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::{Rng, TempSpec, count, solve};

mod unique;

// ---------------------------------------------------------------------------
// The AST

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arith {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Agg {
    Sum,
    Product,
    Min,
    Max,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Conn {
    And,
    Or,
    Implies,
    Iff,
}

const CMPS: [&str; 6] = ["==", "!=", "<", "<=", ">", ">="];
const GEN_NAMES: [&str; 6] = ["i", "j", "k", "l", "m", "n"];
const HOLE_NAMES: [&str; 2] = ["u", "v"];
const SCALAR_NAMES: [&str; 4] = ["a", "b", "c", "d"];
const ELEMENT_NAMES: [&str; 4] = ["P", "Q", "R", "S"];

/// An integer expression; `None` from [`Eval::int`] when it is undefined.
#[derive(Clone, Debug)]
enum Int {
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
enum List {
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
enum Coll {
    Range(i64, i64),
    Set(Vec<i64>),
    Consts(Vec<i64>),
    Param,
    TableRow(usize),
}

/// What a `for` clause iterates over.
#[derive(Clone, Debug)]
enum Source {
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
struct Gen {
    level: usize,
    fors: Vec<Source>,
    filter: Option<Box<Bool>>,
}

/// A boolean expression: always defined (an undefined operand makes the
/// comparison, `in`, `alldifferent` or `lex_*` that holds it false).
#[derive(Clone, Debug)]
enum Bool {
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
    /// list's own indices), form one cycle through every position. A
    /// constraint of its own only, like `lex_less`; never empty.
    Circuit(List),
    /// `regular(list, transitions, start, accepting)` (or, `true` last, the
    /// two-argument form with the automaton as one list): the items, read
    /// in order, take the automaton from its start to an accepting state.
    /// A constraint of its own only.
    Regular(List, Vec<(i64, i64, i64)>, i64, Vec<i64>, bool),
    /// `nonogram_line(list, clue)`: the items are 0s and 1s whose runs of
    /// 1s have the clue's lengths. A constraint of its own only.
    Nonogram(List, Vec<i64>),
    /// `a == b` (true) or `a != b` over lists, of any lengths.
    ListEq(bool, List, List),
    /// `forall(b for ...)` (true) or `exists(b for ...)` (false).
    Quant(bool, Gen, Box<Bool>),
    /// `forall([b, ...])` or `exists([b, ...])`.
    QuantList(bool, Vec<Bool>),
    /// A call of the boolean function `g`.
    Call(Vec<Int>, Box<Bool>),
}

// ---------------------------------------------------------------------------
// The model

#[derive(Clone, Debug)]
struct Dom {
    values: Vec<i64>,
    text: String,
}

#[derive(Clone, Debug)]
struct ArrayShape {
    /// The first index (of the columns, for a 2-D array).
    base: i64,
    len: usize,
    names: Option<Vec<String>>,
    /// For a 2-D array (2 rows of `len / 2`): the first row index.
    rows: Option<i64>,
}

impl ArrayShape {
    /// The length of the array, or of a row of a 2-D array.
    fn cols(&self) -> usize {
        if self.rows.is_some() {
            self.len / 2
        } else {
            self.len
        }
    }
}

/// What the expressions may refer to.
#[derive(Clone, Debug)]
struct Shape {
    scalars: Vec<String>,
    array: Option<ArrayShape>,
    param: Option<Vec<i64>>,
    /// The 2-D param `q` (a list of lists).
    table: Option<Vec<Vec<i64>>>,
    /// The integer function `f`: its arity and body (with holes).
    int_fn: Option<(usize, Int)>,
    /// The boolean function `g`.
    bool_fn: Option<(usize, Bool)>,
}

#[derive(Clone, Debug)]
struct Item {
    rule: Bool,
    consistency: Option<&'static str>,
    symmetry: bool,
}

#[derive(Clone, Debug)]
struct Model {
    shape: Shape,
    scalar_doms: Vec<Dom>,
    array_dom: Option<Dom>,
    param_as_string: bool,
    items: Vec<Item>,
    search: Vec<(&'static str, String)>,
    full_parens: bool,
}

const VARS: [&str; 4] = ["input", "first-fail", "first-fail-random", "dom-wdeg"];
const VALUES: [&str; 4] = ["min", "max", "random", "split"];
const CONSISTENCIES: [&str; 3] = ["propagate", "check", "bounds"];
/// Spec-wide and on the command line, `early` applies where a constraint
/// supports it (alldifferent); given to one constraint it must be supported.
const ALL_LEVELS: [&str; 5] = ["propagate", "check", "bounds", "early", "domain"];

fn random_dom(rng: &mut Rng) -> Dom {
    let n = rng.range(2, 5) as usize;
    if rng.one_in(3) {
        let mut set = BTreeSet::new();
        while set.len() < n {
            let _ = set.insert(rng.range(-4, 4));
        }
        let values: Vec<i64> = set.into_iter().collect();
        let text = format!("{{{}}}", join(&values));
        Dom { values, text }
    } else {
        let lo = rng.range(-3, 2);
        let hi = lo + n as i64 - 1;
        Dom {
            values: (lo..=hi).collect(),
            text: format!("{lo}..{hi}"),
        }
    }
}

/// A domain over the nodes `base..base+n-1` of a circuit, give or take one
/// value at either end (a range), or the nodes with one more value or one
/// fewer (a set).
fn node_dom(rng: &mut Rng, base: i64, n: usize) -> Dom {
    let hi = base + n as i64 - 1;
    if rng.one_in(3) {
        let mut values: Vec<i64> = (base..=hi).collect();
        if rng.one_in(2) {
            values.push(rng.pick(&[base - 2, base - 1, hi + 1, hi + 2]));
            values.sort_unstable();
        } else {
            let _ = values.remove(rng.below(values.len()));
            if values.len() < 2 {
                values.push(hi + 1);
            }
        }
        let text = format!("{{{}}}", join(&values));
        Dom { values, text }
    } else {
        let lo = base - rng.below(2) as i64;
        let hi = hi + rng.below(2) as i64;
        Dom {
            values: (lo..=hi).collect(),
            text: format!("{lo}..{hi}"),
        }
    }
}

fn join(values: &[i64]) -> String {
    values
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl Model {
    fn random(rng: &mut Rng) -> Model {
        let total = rng.range(2, 4) as usize;
        let array_len = match rng.below(3) {
            0 => 0,
            1 => total,
            _ => rng.range(2, total.max(2) as i64) as usize,
        };
        let array_len = if array_len == 1 { 2 } else { array_len };
        let scalar_count = total.saturating_sub(array_len);
        let scalars: Vec<String> = SCALAR_NAMES[..scalar_count]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let scalar_doms = (0..scalar_count).map(|_| random_dom(rng)).collect();
        let (array, array_dom) = if array_len > 0 {
            let names = rng.one_in(3).then(|| {
                ELEMENT_NAMES[..array_len]
                    .iter()
                    .map(|s| s.to_string())
                    .collect()
            });
            let rows = (array_len == 4 && rng.one_in(3)).then(|| rng.range(-1, 1));
            let shape = ArrayShape {
                base: rng.pick(&[-1, 0, 0, 1, 1, 2]),
                len: array_len,
                names: if rows.is_some() { None } else { names },
                rows,
            };
            // Often a domain around the array's (column) indices, so that a
            // `circuit` over it has solutions.
            let dom = if rng.one_in(3) {
                node_dom(rng, shape.base, shape.cols())
            } else {
                random_dom(rng)
            };
            (Some(shape), Some(dom))
        } else {
            (None, None)
        };
        let param = rng.one_in(2).then(|| {
            let n = rng.range(2, 4);
            (0..n).map(|_| rng.range(-3, 4)).collect()
        });
        let table = rng.one_in(3).then(|| {
            let cols = rng.range(2, 3);
            (0..2)
                .map(|_| (0..cols).map(|_| rng.range(-3, 4)).collect())
                .collect()
        });
        let mut shape = Shape {
            scalars,
            array,
            param,
            table,
            int_fn: None,
            bool_fn: None,
        };
        if rng.one_in(5) {
            let arity = rng.range(1, 2) as usize;
            let body = Builder::new(rng, &shape, arity).int(2);
            shape.int_fn = Some((arity, body));
        }
        if rng.one_in(5) {
            let arity = rng.range(1, 2) as usize;
            let body = Builder::new(rng, &shape, arity).boolean(2);
            shape.bool_fn = Some((arity, body));
        }
        let mut search = Vec::new();
        if rng.one_in(4) {
            search.push(("var", format!("\"{}\"", rng.pick(&VARS))));
        }
        if rng.one_in(4) {
            search.push(("value", format!("\"{}\"", rng.pick(&VALUES))));
        }
        if rng.one_in(5) {
            search.push(("consistency", format!("\"{}\"", rng.pick(&ALL_LEVELS))));
        }
        if rng.one_in(6) {
            let names: Vec<String> = random_order(rng, &shape)
                .iter()
                .map(|n| format!("\"{n}\""))
                .collect();
            search.push(("order", format!("[{}]", names.join(", "))));
        }
        let mut model = Model {
            shape,
            scalar_doms,
            array_dom,
            param_as_string: rng.one_in(2),
            items: Vec::new(),
            search,
            full_parens: rng.one_in(2),
        };
        let assignments: u64 = model.domains().iter().map(|d| d.len() as u64).product();
        for _ in 0..rng.range(1, 3) {
            // Mostly constraints that hold on some assignments and not on
            // others: a constant one tests little.
            let mut rule = model.random_rule(rng);
            for _ in 0..8 {
                let n = model.count_where(&[&rule]);
                if (n != 0 && n != assignments) || rng.one_in(8) {
                    break;
                }
                rule = model.random_rule(rng);
            }
            let consistency = rng.one_in(5).then(|| rng.pick(&CONSISTENCIES));
            model.items.push(Item {
                rule,
                consistency,
                symmetry: rng.one_in(6),
            });
        }
        if rng.one_in(8) {
            model.push_shifted_all_different(rng);
        }
        model
    }

    /// Two or three `alldifferent(±v + c, ...)` over the same 2-4 decision
    /// variables, each in its own order: what posting runs as one group
    /// (the queens' rows and diagonals).
    fn push_shifted_all_different(&mut self, rng: &mut Rng) {
        let mut b = Builder::new(rng, &self.shape, 0);
        let positions = b.positions();
        if positions < 2 {
            return;
        }
        let n = b.rng.range(2, positions.min(4) as i64) as usize;
        let mut chosen: Vec<usize> = (0..positions).collect();
        for i in (1..chosen.len()).rev() {
            chosen.swap(i, b.rng.below(i + 1));
        }
        chosen.truncate(n);
        let mut items = Vec::new();
        for _ in 0..b.rng.range(2, 3) {
            for i in (1..chosen.len()).rev() {
                chosen.swap(i, b.rng.below(i + 1));
            }
            let shifted = chosen
                .clone()
                .into_iter()
                .map(|pos| {
                    let v = b.position(pos);
                    let v = if b.rng.one_in(3) {
                        Int::Neg(Box::new(v))
                    } else {
                        v
                    };
                    let c = Int::Const(b.rng.range(-2, 2));
                    Int::Arith(Arith::Add, Box::new(v), Box::new(c))
                })
                .collect();
            items.push(Item {
                rule: Bool::AllDiffArgs(shifted),
                consistency: None,
                symmetry: false,
            });
        }
        self.items.extend(items);
    }

    fn random_rule(&self, rng: &mut Rng) -> Bool {
        let depth = rng.range(1, 3) as u32;
        // `circuit` is a constraint of its own: mostly a rule by itself.
        if rng.one_in(12) {
            return Builder::new(rng, &self.shape, 0).circuit(depth);
        }
        Builder::new(rng, &self.shape, 0).boolean_at(depth, true)
    }

    /// The model with only the item `k` (for a report).
    fn only(&self, k: usize) -> Model {
        let mut model = self.clone();
        model.items = vec![self.items[k].clone()];
        model
    }

    fn text(&self) -> String {
        let p = Printer {
            full: self.full_parens,
        };
        let mut s = String::new();
        if let Some(param) = &self.shape.param {
            s.push_str("[params]\n");
            if self.param_as_string {
                s.push_str(&format!("p = \"[{}]\"\n", join(param)));
            } else {
                s.push_str(&format!("p = [{}]\n", join(param)));
            }
        }
        if let Some(table) = &self.shape.table {
            if self.shape.param.is_none() {
                s.push_str("[params]\n");
            }
            let rows: Vec<String> = table.iter().map(|r| format!("[{}]", join(r))).collect();
            if self.param_as_string {
                s.push_str(&format!("q = \"[{}]\"\n", rows.join(", ")));
            } else {
                s.push_str(&format!("q = [{}]\n", rows.join(", ")));
            }
        }
        s.push_str("[vars]\n");
        for (name, dom) in self.shape.scalars.iter().zip(&self.scalar_doms) {
            s.push_str(&format!("{name} = \"{}\"\n", dom.text));
        }
        if let (Some(a), Some(dom)) = (&self.shape.array, &self.array_dom) {
            let hi = a.base + a.len as i64 - 1;
            let names = match &a.names {
                Some(names) => {
                    let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
                    format!(", names = [{}]", quoted.join(", "))
                }
                None => String::new(),
            };
            match a.rows {
                Some(rb) => s.push_str(&format!(
                    "x = {{ index = [\"{rb}..{}\", \"{}..{}\"], domain = \"{}\" }}\n",
                    rb + 1,
                    a.base,
                    a.base + a.cols() as i64 - 1,
                    dom.text
                )),
                None => s.push_str(&format!(
                    "x = {{ index = \"{}..{hi}\", domain = \"{}\"{names} }}\n",
                    a.base, dom.text
                )),
            }
        }
        if self.shape.int_fn.is_some() || self.shape.bool_fn.is_some() {
            s.push_str("[functions]\n");
            if let Some((arity, body)) = &self.shape.int_fn {
                let params = HOLE_NAMES[..*arity].join(", ");
                s.push_str(&format!("f = \"({params}) => {}\"\n", p.int(body, 0)));
            }
            if let Some((arity, body)) = &self.shape.bool_fn {
                let params = HOLE_NAMES[..*arity].join(", ");
                s.push_str(&format!("g = \"({params}) => {}\"\n", p.boolean(body, 0)));
            }
        }
        for (symmetry, header, prefix) in [(false, "[constraints]", "c"), (true, "[symmetry]", "s")]
        {
            let items: Vec<(usize, &Item)> = self
                .items
                .iter()
                .enumerate()
                .filter(|(_, item)| item.symmetry == symmetry)
                .collect();
            if items.is_empty() {
                continue;
            }
            s.push_str(header);
            s.push('\n');
            for (k, item) in items {
                let rule = p.boolean(&item.rule, 0);
                match item.consistency {
                    Some(level) => s.push_str(&format!(
                        "{prefix}{k} = {{ rule = \"{rule}\", consistency = \"{level}\" }}\n"
                    )),
                    None => s.push_str(&format!("{prefix}{k} = \"{rule}\"\n")),
                }
            }
        }
        if !self.search.is_empty() {
            s.push_str("[search]\n");
            for (key, value) in &self.search {
                s.push_str(&format!("{key} = {value}\n"));
            }
        }
        s
    }

    /// The domains of all positions: the scalars, then the array elements.
    fn domains(&self) -> Vec<&[i64]> {
        let mut doms: Vec<&[i64]> = self
            .scalar_doms
            .iter()
            .map(|d| d.values.as_slice())
            .collect();
        if let (Some(a), Some(dom)) = (&self.shape.array, &self.array_dom) {
            doms.extend(std::iter::repeat_n(dom.values.as_slice(), a.len));
        }
        doms
    }

    /// The number of assignments that satisfy every item that `keep` keeps.
    fn brute_force(&self, keep: impl Fn(&Item) -> bool) -> u64 {
        let rules: Vec<&Bool> = self
            .items
            .iter()
            .filter(|item| keep(item))
            .map(|item| &item.rule)
            .collect();
        self.count_where(&rules)
    }

    /// The number of assignments on which every rule holds.
    fn count_where(&self, rules: &[&Bool]) -> u64 {
        let mut n = 0;
        self.each_where(rules, &mut |_| n += 1);
        n
    }

    /// The assignments (in declaration order) that satisfy every item that
    /// `keep` keeps.
    fn solutions(&self, keep: impl Fn(&Item) -> bool) -> Vec<Vec<i64>> {
        let rules: Vec<&Bool> = self
            .items
            .iter()
            .filter(|item| keep(item))
            .map(|item| &item.rule)
            .collect();
        let mut all = Vec::new();
        self.each_where(&rules, &mut |vals| all.push(vals.to_vec()));
        all
    }

    /// Visits each assignment on which every rule holds.
    fn each_where(&self, rules: &[&Bool], visit: &mut dyn FnMut(&[i64])) {
        let doms = self.domains();
        let mut at = vec![0usize; doms.len()];
        let mut vals: Vec<i64> = doms.iter().map(|d| d[0]).collect();
        loop {
            let mut eval = Eval {
                model: self,
                vals: &vals,
                gens: Vec::new(),
            };
            if rules.iter().all(|rule| eval.boolean(rule)) {
                visit(&vals);
            }
            // The next assignment (an odometer).
            let mut k = 0;
            loop {
                if k == doms.len() {
                    return;
                }
                at[k] += 1;
                if at[k] < doms[k].len() {
                    vals[k] = doms[k][at[k]];
                    break;
                }
                at[k] = 0;
                vals[k] = doms[k][0];
                k += 1;
            }
        }
    }

    /// An objective over every variable: their sum, or (`negated`) its
    /// negation; `None` for a 2-D array (no scalar `sum` of it).
    fn objective(&self, negated: bool) -> Option<String> {
        let mut terms: Vec<String> = self.shape.scalars.clone();
        match &self.shape.array {
            Some(a) if a.rows.is_some() => return None,
            Some(_) => terms.push("sum(x)".to_string()),
            None => {}
        }
        let sum = terms.join(" + ");
        Some(if negated { format!("0 - ({sum})") } else { sum })
    }

    fn has_symmetry(&self) -> bool {
        self.items.iter().any(|item| item.symmetry)
    }
}

/// A random `--order`/`order` list: some of the variable names (scalars,
/// the array, element names).
fn random_order(rng: &mut Rng, shape: &Shape) -> Vec<String> {
    let mut names: Vec<String> = shape.scalars.clone();
    if let Some(a) = &shape.array {
        if let Some(element_names) = &a.names {
            if rng.one_in(2) {
                names.extend(element_names.iter().cloned());
            } else {
                names.push("x".to_string());
            }
        } else {
            names.push("x".to_string());
        }
    }
    for k in (1..names.len()).rev() {
        names.swap(k, rng.below(k + 1));
    }
    names.truncate(rng.range(1, names.len() as i64) as usize);
    names
}

/// Random search options that must not change the count.
fn random_options(rng: &mut Rng, shape: &Shape) -> Vec<String> {
    let mut opts = Vec::new();
    let mut add = |flag: &str, value: String| {
        opts.push(flag.to_string());
        opts.push(value);
    };
    if !rng.one_in(5) {
        add("--var", rng.pick(&VARS).to_string());
    }
    if !rng.one_in(5) {
        add("--value", rng.pick(&VALUES).to_string());
    }
    if !rng.one_in(5) {
        add("--consistency", rng.pick(&ALL_LEVELS).to_string());
    }
    if rng.one_in(3) {
        add(
            "--restart",
            rng.pick(&["luby", "geometric", "none"]).to_string(),
        );
        if rng.one_in(2) {
            add("--restart-scale", rng.range(1, 3).to_string());
        }
    }
    if rng.one_in(2) {
        add("--seed", rng.range(1, 1000).to_string());
    }
    if rng.one_in(4) {
        add("--order", random_order(rng, shape).join(","));
    }
    if !rng.one_in(3) {
        add("--threads", rng.pick(&["1", "2", "3", "8"]).to_string());
    }
    opts
}

/// Every 4th model, under one of the static orders in turn (`input` or
/// `first-fail` variables, `min`, `max` or `split` values): `--all` prints
/// the same bytes with 1 and with 3 threads, every search spread
/// (`SOLVE_ALONE_NODES=0`), and `--part K/2` + `solve merge` prints them
/// too. The same with an objective added (the sum of the variables, or
/// its negation, minimised): the optimal solutions with `--all`, and the
/// optimal solution and value printed last. A report for each difference.
fn check_threads_keep_the_order(index: u64, model: &Model, path: &str, text: &str) -> Vec<String> {
    if !index.is_multiple_of(4) {
        return Vec::new();
    }
    let k = (index / 4) as usize;
    let (var, value) = (
        ["input", "first-fail"][k % 2],
        ["min", "max", "split"][k / 2 % 3],
    );
    let order = ["--var", var, "--value", value];
    let mut failures = Vec::new();
    let mut compare = |what: &str, path: &str, text: &str, mode: &[&str], last: bool| {
        let run = |extra: &[&str]| {
            let mut args: Vec<&str> = mode.to_vec();
            args.extend(order);
            args.extend(extra);
            args.push(path);
            let spread = [("SOLVE_ALONE_NODES", "0")];
            catch_unwind(AssertUnwindSafe(|| crate::solve_with(&args, &spread)))
                .map_err(panic_message)
                .map(|(out, err, code)| {
                    let out = if last {
                        let lines: Vec<&str> = out.lines().filter(|l| !l.is_empty()).collect();
                        lines[lines.len().saturating_sub(2)..].join("\n")
                    } else {
                        out
                    };
                    (
                        out,
                        if code == 0 || code == 1 {
                            String::new()
                        } else {
                            err
                        },
                        code,
                    )
                })
        };
        let one = run(&["-j", "1"]);
        let three = run(&["-j", "3"]);
        if one != three {
            failures.push(format!(
                "model {index}: `solve {} {}` ({what}) differs with -j 1 and -j 3:\n{one:?}\n{three:?}\n--- spec ---\n{text}---",
                mode.join(" "),
                order.join(" ")
            ));
        }
        if mode == ["--all"] {
            let merged = merge_parts(path, &order);
            if one.as_ref().map(|o| &o.0) != merged.as_ref() {
                failures.push(format!(
                    "model {index}: `solve --all {}` ({what}) and its 2 parts merged differ:\n{one:?}\n{merged:?}\n--- spec ---\n{text}---",
                    order.join(" ")
                ));
            }
        }
    };
    compare("no objective", path, text, &["--all"], false);
    if let Some(objective) = model.objective(k.is_multiple_of(2)) {
        let with = format!("{text}\n[objective]\nminimize = \"{objective}\"\n");
        let file = TempSpec::new("differential-objective", &with);
        compare("objective", file.path(), &with, &["--all"], false);
        compare("objective", file.path(), &with, &[], true);
    }
    failures
}

/// `solve merge` of `solve --all ORDER --part K/2 --json PATH` for K = 0, 1:
/// its output, or what went wrong.
fn merge_parts(path: &str, order: &[&str]) -> Result<String, String> {
    let mut lines = String::new();
    for k in ["0/2", "1/2"] {
        let mut args = vec!["--all", "--json", "--part", k];
        args.extend(order);
        args.push(path);
        let (out, err, code) = crate::solve(&args);
        if code > 1 {
            return Err(format!("part {k}: exit {code}: {err}"));
        }
        lines.push_str(&out);
    }
    let parts = TempSpec::new("differential-parts", &lines);
    let (out, err, code) = crate::solve(&["merge", parts.path()]);
    if code > 1 {
        return Err(format!("merge: exit {code}: {err}"));
    }
    Ok(out)
}

// ---------------------------------------------------------------------------
// The generator

/// What a non-constant leaf depends on, to keep an index or a divisor from
/// cancelling to a constant (`a - a`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Pos(usize),
    /// A generator variable over the array: any array element.
    AnyElement,
    Hole(usize),
}

struct Builder<'a> {
    rng: &'a mut Rng,
    shape: &'a Shape,
    /// The generator variables in scope: their values when constant.
    gens: Vec<Option<Vec<i64>>>,
    /// The number of function parameters; 0 outside a function body.
    holes: usize,
    /// Whether the boolean being built holds wherever it occurs: a
    /// constraint, or a conjunct (`and`, `forall`) of one. `lex_less` and
    /// `lex_lesseq` are accepted only there (the binary says "can only be a
    /// constraint of its own").
    root: bool,
}

impl<'a> Builder<'a> {
    fn new(rng: &'a mut Rng, shape: &'a Shape, holes: usize) -> Builder<'a> {
        Builder {
            rng,
            shape,
            gens: Vec::new(),
            holes,
            root: false,
        }
    }

    fn scalar_count(&self) -> usize {
        self.shape.scalars.len()
    }

    fn conflict(&self, a: Class, b: Class) -> bool {
        let ns = self.scalar_count();
        match (a, b) {
            (Class::AnyElement, Class::Pos(p)) | (Class::Pos(p), Class::AnyElement) => p >= ns,
            _ => a == b,
        }
    }

    fn small(&mut self) -> i64 {
        self.rng.range(-3, 3)
    }

    fn nonzero(&mut self) -> i64 {
        self.rng.pick(&[-3, -2, -1, 1, 2, 3])
    }

    fn const_gens(&self) -> Vec<usize> {
        (0..self.gens.len())
            .filter(|&l| self.gens[l].is_some())
            .collect()
    }

    /// A decision variable by one of its names (or a function parameter).
    fn position(&mut self, pos: usize) -> Int {
        let ns = self.scalar_count();
        if pos < ns {
            return Int::Var(pos, self.shape.scalars[pos].clone());
        }
        let a = self.shape.array.as_ref().expect("an array element");
        let k = pos - ns;
        let text = match (&a.names, a.rows) {
            (_, Some(rb)) => {
                let cols = a.cols();
                format!(
                    "x[{}][{}]",
                    rb + (k / cols) as i64,
                    a.base + (k % cols) as i64
                )
            }
            (Some(names), None) if self.rng.one_in(2) => names[k].clone(),
            _ => format!("x[{}]", a.base + k as i64),
        };
        Int::Var(pos, text)
    }

    fn positions(&self) -> usize {
        self.scalar_count() + self.shape.array.as_ref().map_or(0, |a| a.len)
    }

    /// A leaf that is not a constant.
    fn var_leaf(&mut self) -> (Int, Class) {
        if self.holes > 0 {
            let h = self.rng.below(self.holes);
            return (Int::Hole(h), Class::Hole(h));
        }
        let var_gens: Vec<usize> = (0..self.gens.len())
            .filter(|&l| self.gens[l].is_none())
            .collect();
        if !var_gens.is_empty() && self.rng.one_in(3) {
            return (Int::Gen(self.rng.pick(&var_gens)), Class::AnyElement);
        }
        let pos = self.rng.below(self.positions());
        (self.position(pos), Class::Pos(pos))
    }

    fn leaf(&mut self) -> Int {
        let const_gens = self.const_gens();
        match self.rng.below(10) {
            0 | 1 => Int::Const(self.small()),
            2..=4 if !const_gens.is_empty() => Int::Gen(self.rng.pick(&const_gens)),
            _ => self.var_leaf().0,
        }
    }

    /// An expression over variables that cannot fold to a constant: for a
    /// variable index or a divisor that may be 0.
    fn var_form(&mut self) -> Int {
        let (v, class) = self.var_leaf();
        let b = Box::new;
        match self.rng.below(9) {
            0..=2 => v,
            3 | 4 => {
                let op = self.rng.pick(&[Arith::Add, Arith::Sub]);
                Int::Arith(op, b(v), b(Int::Const(self.rng.range(1, 3))))
            }
            5 => Int::Arith(Arith::Sub, b(Int::Const(self.small())), b(v)),
            6 => {
                let const_gens = self.const_gens();
                let other = if const_gens.is_empty() {
                    Int::Const(self.rng.range(1, 2))
                } else {
                    Int::Gen(self.rng.pick(&const_gens))
                };
                let op = self.rng.pick(&[Arith::Add, Arith::Sub]);
                Int::Arith(op, b(v), b(other))
            }
            _ => {
                for _ in 0..4 {
                    let (w, other) = self.var_leaf();
                    if !self.conflict(class, other) {
                        let op = self.rng.pick(&[Arith::Add, Arith::Sub, Arith::Mul]);
                        return Int::Arith(op, b(v), b(w));
                    }
                }
                v
            }
        }
    }

    /// A constant index in `base..base+len-1` (len > 0): a constant
    /// generator variable shifted into range, or a literal.
    fn const_index(&mut self, base: i64, len: usize) -> Int {
        let hi = base + len as i64 - 1;
        let mut fits = Vec::new();
        for (level, values) in self.gens.iter().enumerate() {
            if let Some(values) = values.as_ref().filter(|v| !v.is_empty()) {
                let (lo_v, hi_v) = (values[0].min(values[values.len() - 1]), 0);
                let lo_v = values.iter().copied().min().unwrap_or(lo_v);
                let hi_v = values.iter().copied().max().unwrap_or(hi_v);
                // c with lo_v + c >= base and hi_v + c <= hi
                if base - lo_v <= hi - hi_v {
                    fits.push((level, base - lo_v, hi - hi_v));
                }
            }
        }
        if !fits.is_empty() && !self.rng.one_in(3) {
            let (level, c_lo, c_hi) = fits[self.rng.below(fits.len())];
            let c = self.rng.range(c_lo, c_hi);
            return match c {
                0 => Int::Gen(level),
                c if c > 0 => Int::Arith(
                    Arith::Add,
                    Box::new(Int::Gen(level)),
                    Box::new(Int::Const(c)),
                ),
                c => Int::Arith(
                    Arith::Sub,
                    Box::new(Int::Gen(level)),
                    Box::new(Int::Const(-c)),
                ),
            };
        }
        Int::Const(self.rng.range(base, hi))
    }

    fn is_2d(&self) -> bool {
        self.shape.array.as_ref().is_some_and(|a| a.rows.is_some())
    }

    /// The array as a list: `x`, or a row `x[r]` of a 2-D array.
    fn array_list(&mut self) -> List {
        let a = self.shape.array.as_ref().expect("an array");
        match a.rows {
            Some(rb) => List::Row(rb + self.rng.below(2) as i64),
            None => List::Array,
        }
    }

    fn has_param_list(&self) -> bool {
        self.shape.param.is_some() || self.shape.table.is_some()
    }

    /// A constant list param: `p` or a row `q[k]`.
    fn param_list(&mut self) -> List {
        match (&self.shape.param, &self.shape.table) {
            (Some(_), Some(t)) if self.rng.one_in(2) => List::TableRow(self.rng.below(t.len())),
            (Some(_), _) => List::Param,
            (None, Some(t)) => List::TableRow(self.rng.below(t.len())),
            (None, None) => unreachable!("no param list"),
        }
    }

    fn can_gen(&self) -> bool {
        self.holes == 0 && self.gens.len() < 4
    }

    /// Starts a generator: its variables are in scope until [`Self::end`].
    /// `nonempty`: every source non-empty and no filter.
    fn gen_start(&mut self, nonempty: bool) -> Gen {
        let level = self.gens.len();
        let n_fors = if self.gens.len() < 3 && self.rng.one_in(4) {
            2
        } else {
            1
        };
        let mut fors = Vec::new();
        for _ in 0..n_fors {
            let (source, values) = self.source(nonempty);
            fors.push(source);
            self.gens.push(values);
        }
        let mine: Vec<usize> = (level..self.gens.len())
            .filter(|&l| self.gens[l].is_some())
            .collect();
        let filter = (!nonempty && !mine.is_empty() && self.rng.one_in(3)).then(|| {
            let g = self.rng.pick(&mine);
            let others: Vec<usize> = self.const_gens().into_iter().filter(|&l| l != g).collect();
            let rhs = if !others.is_empty() && self.rng.one_in(2) {
                Int::Gen(self.rng.pick(&others))
            } else {
                Int::Const(self.rng.range(-1, 2))
            };
            Box::new(Bool::Cmp(self.rng.below(6), Int::Gen(g), rhs))
        });
        Gen {
            level,
            fors,
            filter,
        }
    }

    fn end(&mut self, generator: &Gen) {
        self.gens.truncate(generator.level);
    }

    fn source(&mut self, nonempty: bool) -> (Source, Option<Vec<i64>>) {
        loop {
            match self.rng.below(9) {
                0..=3 => {
                    let lo = self.rng.range(-2, 2);
                    let len = self.rng.range(if nonempty { 1 } else { 0 }, 3);
                    let values: Vec<i64> = (lo..lo + len).collect();
                    return (Source::Range(lo, lo + len - 1), Some(values));
                }
                4 => {
                    let n = self.rng.range(1, 3) as usize;
                    let mut set = BTreeSet::new();
                    while set.len() < n {
                        let _ = set.insert(self.rng.range(-2, 3));
                    }
                    let values: Vec<i64> = set.into_iter().collect();
                    return (Source::Set(values.clone()), Some(values));
                }
                5 => {
                    let n = self.rng.range(1, 3);
                    let values: Vec<i64> = (0..n).map(|_| self.rng.range(-2, 3)).collect();
                    return (Source::Consts(values.clone()), Some(values));
                }
                6 if self.has_param_list() => {
                    return match self.param_list() {
                        List::TableRow(k) => {
                            let table = self.shape.table.as_ref().expect("a table");
                            (Source::TableRow(k), Some(table[k].clone()))
                        }
                        _ => (Source::Param, self.shape.param.clone()),
                    };
                }
                7 | 8 if self.shape.array.is_some() => {
                    return match self.array_list() {
                        List::Row(r) => (Source::Row(r), None),
                        _ => (Source::Array, None),
                    };
                }
                _ => {}
            }
        }
    }

    fn int(&mut self, d: u32) -> Int {
        if d == 0 || self.rng.one_in(4) {
            return self.leaf();
        }
        let b = Box::new;
        let call = self.shape.int_fn.is_some() && self.holes == 0 && self.rng.one_in(8);
        match if call { 18 } else { self.rng.below(22) } {
            21 => Int::Pow(b(self.int(d - 1)), self.rng.below(4) as u32),
            0 | 1 => Int::Arith(Arith::Add, b(self.int(d - 1)), b(self.int(d - 1))),
            2 => Int::Arith(Arith::Sub, b(self.int(d - 1)), b(self.int(d - 1))),
            3 | 4 => Int::Arith(Arith::Mul, b(self.int(d - 1)), b(self.int(d - 1))),
            5 => Int::Neg(b(self.int(d - 1))),
            6..=8 => {
                let op = self.rng.pick(&[Arith::Div, Arith::Div, Arith::Rem]);
                let divisor = if self.rng.one_in(3) {
                    Int::Const(self.nonzero())
                } else {
                    self.var_form()
                };
                Int::Arith(op, b(self.int(d - 1)), b(divisor))
            }
            9 => Int::Abs(b(self.int(d - 1))),
            10 => {
                let agg = self.rng.pick(&[Agg::Min, Agg::Max]);
                let n = self.rng.range(2, 3);
                Int::MinMax(agg, (0..n).map(|_| self.int(d - 1)).collect())
            }
            11..=13 => self.elem(d),
            14 => Int::Ite(
                Box::new(self.boolean(d - 1)),
                b(self.int(d - 1)),
                b(self.int(d - 1)),
            ),
            15 => {
                if self.can_gen() && self.rng.one_in(2) {
                    let generator = self.gen_start(false);
                    let body = self.boolean(d - 1);
                    self.end(&generator);
                    Int::CountGen(generator, Box::new(body))
                } else if self.rng.one_in(2) {
                    let n = self.rng.range(1, 3);
                    let items = (0..n).map(|_| self.int(d - 1)).collect();
                    Int::CountOf(items, Box::new(self.int(d - 1)))
                } else {
                    let n = self.rng.range(1, 3);
                    Int::Count((0..n).map(|_| self.boolean(d - 1)).collect())
                }
            }
            16 => {
                let agg = self
                    .rng
                    .pick(&[Agg::Sum, Agg::Sum, Agg::Product, Agg::Min, Agg::Max]);
                let nonempty = agg == Agg::Min || agg == Agg::Max;
                if self.can_gen() && self.rng.one_in(2) {
                    let generator = self.gen_start(nonempty);
                    let body = self.int(d - 1);
                    self.end(&generator);
                    Int::AggGen(agg, generator, b(body))
                } else {
                    Int::AggList(agg, self.list(d - 1, nonempty))
                }
            }
            17 => Int::FromBool(Box::new(self.boolean(d - 1))),
            18 => match self.shape.int_fn.clone() {
                Some((arity, body)) if self.holes == 0 => {
                    let args = self.args(arity);
                    let expanded = subst_int(&body, &args);
                    Int::Call(args, b(expanded))
                }
                _ => self.elem(d),
            },
            19 => {
                let list = match self.rng.below(3) {
                    0 if self.holes == 0 && self.shape.array.is_some() => self.array_list(),
                    1 if self.has_param_list() => self.param_list(),
                    _ => List::Consts((0..self.rng.range(1, 3)).map(|k| k - 1).collect()),
                };
                Int::Len(list)
            }
            _ => self.leaf(),
        }
    }

    /// Arguments of a function call, with pairwise distinct classes so that
    /// a body's `u - v` cannot cancel.
    fn args(&mut self, arity: usize) -> Vec<Int> {
        let mut args = Vec::new();
        let mut classes: Vec<Class> = Vec::new();
        let positions = self.positions();
        let start = self.rng.below(positions);
        for _ in 0..arity {
            let (leaf, class) = if arity == 1 {
                self.var_leaf()
            } else {
                // Positions of pairwise distinct classes (there are at least 2).
                let mut found = None;
                for step in 0..positions {
                    let pos = (start + step) % positions;
                    if classes.iter().all(|&c| !self.conflict(c, Class::Pos(pos))) {
                        found = Some(pos);
                        break;
                    }
                }
                let pos = found.expect("two variables of distinct classes");
                (self.position(pos), Class::Pos(pos))
            };
            classes.push(class);
            let arg = if self.rng.one_in(3) {
                let op = self.rng.pick(&[Arith::Add, Arith::Sub]);
                Int::Arith(
                    op,
                    Box::new(leaf),
                    Box::new(Int::Const(self.rng.range(1, 2))),
                )
            } else {
                leaf
            };
            args.push(arg);
        }
        args
    }

    /// The index base and the length of a list when it does not depend on
    /// generator variables.
    fn static_range(&self, list: &List) -> Option<(i64, usize)> {
        match list {
            List::Consts(v) => Some((0, v.len())),
            List::Param => self.shape.param.as_ref().map(|p| (0, p.len())),
            List::Array => self.shape.array.as_ref().map(|a| (a.base, a.len)),
            List::Items(v) => Some((0, v.len())),
            List::Slice(lo, hi) => Some((0, (hi - lo + 1) as usize)),
            List::Comp(..) => None,
            List::Row(_) => self.shape.array.as_ref().map(|a| (a.base, a.cols())),
            List::TableRow(k) => self.shape.table.as_ref().map(|t| (0, t[*k].len())),
        }
    }

    fn elem(&mut self, d: u32) -> Int {
        if self.is_2d() && self.rng.one_in(2) {
            let a = self.shape.array.as_ref().expect("an array");
            let (rb, base, cols) = (a.rows.expect("2-D"), a.base, a.cols());
            let index = |g: &mut Self, first: i64, len: usize| {
                if g.rng.one_in(4) {
                    g.const_index(first, len)
                } else {
                    g.var_form()
                }
            };
            let row = index(self, rb, 2);
            let column = index(self, base, cols);
            return Int::Cell(Box::new(row), Box::new(column));
        }
        // Indexing an empty list is a spec error ("cannot index an empty
        // list"), even with a variable index.
        let list = self.list(d.saturating_sub(1), true);
        let index = match self.static_range(&list) {
            Some((base, len)) if len > 0 && self.rng.one_in(6) => self.const_index(base, len),
            _ => self.var_form(),
        };
        Int::Elem(list, Box::new(index))
    }

    fn list(&mut self, d: u32, nonempty: bool) -> List {
        let global = self.holes == 0;
        loop {
            match self.rng.below(8) {
                0 => {
                    let n = self.rng.range(2, 4);
                    return List::Consts((0..n).map(|_| self.rng.range(-3, 4)).collect());
                }
                1 if self.has_param_list() => return self.param_list(),
                2 | 3 if global && self.shape.array.is_some() => return self.array_list(),
                4 => {
                    let n = self.rng.range(2, 3);
                    return List::Items((0..n).map(|_| self.int(d)).collect());
                }
                5 if global && self.shape.array.is_some() && !self.is_2d() => {
                    let a = self.shape.array.as_ref().expect("an array");
                    let hi_all = a.base + a.len as i64 - 1;
                    let lo = self.rng.range(a.base, hi_all);
                    let hi = self.rng.range(lo, hi_all);
                    return List::Slice(lo, hi);
                }
                6 | 7 if self.can_gen() => {
                    let generator = self.gen_start(nonempty);
                    let body = self.int(d);
                    self.end(&generator);
                    return List::Comp(generator, Box::new(body));
                }
                _ => {}
            }
        }
    }

    /// A list of exactly `len` items (for `lex_less`).
    fn list_of_len(&mut self, d: u32, len: usize) -> List {
        loop {
            match self.rng.below(6) {
                0 => {
                    return List::Consts((0..len).map(|_| self.rng.range(-3, 4)).collect());
                }
                1 if self.has_param_list() => {
                    let list = self.param_list();
                    if self.static_range(&list).is_some_and(|(_, n)| n == len) {
                        return list;
                    }
                }
                2 if self.holes == 0
                    && self.shape.array.as_ref().is_some_and(|a| a.cols() == len) =>
                {
                    return self.array_list();
                }
                3 if self.holes == 0
                    && !self.is_2d()
                    && self.shape.array.as_ref().is_some_and(|a| a.len >= len) =>
                {
                    let a = self.shape.array.as_ref().expect("an array");
                    let lo = a.base + self.rng.below(a.len - len + 1) as i64;
                    return List::Slice(lo, lo + len as i64 - 1);
                }
                4 if self.can_gen() => {
                    let lo = self.rng.range(-1, 1);
                    let level = self.gens.len();
                    self.gens.push(Some((lo..lo + len as i64).collect()));
                    let generator = Gen {
                        level,
                        fors: vec![Source::Range(lo, lo + len as i64 - 1)],
                        filter: None,
                    };
                    let body = self.int(d);
                    self.end(&generator);
                    return List::Comp(generator, Box::new(body));
                }
                5 => return List::Items((0..len).map(|_| self.int(d)).collect()),
                _ => {}
            }
        }
    }

    fn coll(&mut self) -> Coll {
        match self.rng.below(7) {
            0..=2 => {
                let lo = self.rng.range(-3, 2);
                Coll::Range(lo, lo + self.rng.range(-1, 3))
            }
            3 | 4 => {
                let n = self.rng.range(1, 3) as usize;
                let mut set = BTreeSet::new();
                while set.len() < n {
                    let _ = set.insert(self.rng.range(-3, 4));
                }
                let mut values: Vec<i64> = set.into_iter().collect();
                if self.rng.one_in(2) {
                    values.reverse();
                }
                Coll::Set(values)
            }
            5 if self.has_param_list() => match self.param_list() {
                List::TableRow(k) => Coll::TableRow(k),
                _ => Coll::Param,
            },
            _ => {
                let n = self.rng.range(1, 3);
                Coll::Consts((0..n).map(|_| self.rng.range(-3, 4)).collect())
            }
        }
    }

    /// A comparison of two operands that are not the same leaf (`b >= b`).
    fn cmp(&mut self, d: u32) -> Bool {
        let left = self.int(d);
        let mut right = self.int(d);
        for _ in 0..3 {
            let same = match (&left, &right) {
                (Int::Var(p, _), Int::Var(q, _)) => p == q,
                (Int::Const(_), Int::Const(_)) => true,
                (Int::Gen(p), Int::Gen(q)) | (Int::Hole(p), Int::Hole(q)) => p == q,
                _ => false,
            };
            if !same {
                break;
            }
            right = self.int(d);
        }
        Bool::Cmp(self.rng.below(6), left, right)
    }

    /// A boolean in a conjunctive position (`root`) or not.
    fn boolean_at(&mut self, d: u32, root: bool) -> Bool {
        let saved = std::mem::replace(&mut self.root, root);
        let b = self.boolean(d);
        self.root = saved;
        b
    }

    fn boolean(&mut self, d: u32) -> Bool {
        let root = std::mem::replace(&mut self.root, false);
        let b = self.boolean_inner(d, root);
        self.root = root;
        b
    }

    fn boolean_inner(&mut self, d: u32, root: bool) -> Bool {
        if d == 0 {
            return self.cmp(0);
        }
        let b = Box::new;
        let call = self.shape.bool_fn.is_some() && self.holes == 0 && self.rng.one_in(6);
        match if call { 20 } else { self.rng.below(25) } {
            0..=5 => self.cmp(d - 1),
            6 | 7 => Bool::In(self.int(d - 1), self.coll()),
            8 => Bool::Not(b(self.boolean(d - 1))),
            9..=11 => {
                let conn = self
                    .rng
                    .pick(&[Conn::And, Conn::Or, Conn::Implies, Conn::Iff]);
                let root = root && conn == Conn::And;
                Bool::Conn(
                    conn,
                    b(self.boolean_at(d - 1, root)),
                    b(self.boolean_at(d - 1, root)),
                )
            }
            12 => Bool::Ite(
                b(self.boolean(d - 1)),
                b(self.boolean(d - 1)),
                b(self.boolean(d - 1)),
            ),
            13 | 14 => match self.rng.below(6) {
                5 => {
                    let n = self.rng.range(1, 3);
                    let items = (0..n).map(|_| self.int(d - 1)).collect();
                    let k = self.rng.range(1, 2);
                    let values = (0..k).map(|_| self.small()).collect();
                    let counts = (0..k).map(|_| self.int(d - 1)).collect();
                    Bool::Gcc(items, values, counts)
                }
                3 => {
                    let n = self.rng.range(1, 3) as usize;
                    let items = (0..n).map(|_| self.int(d - 1)).collect();
                    let rows = (0..self.rng.below(4))
                        .map(|_| (0..n).map(|_| self.small()).collect())
                        .collect();
                    Bool::Table(items, rows)
                }
                4 => {
                    // Two items at least: one alone must be a list.
                    let n = self.rng.range(2, 4);
                    let up = self.rng.one_in(2);
                    Bool::Monotone(up, (0..n).map(|_| self.int(d - 1)).collect())
                }
                0 => {
                    let n = self.rng.range(2, 3);
                    Bool::AllDiffArgs((0..n).map(|_| self.int(d - 1)).collect())
                }
                1 if self.can_gen() => {
                    let generator = self.gen_start(false);
                    let body = self.int(d - 1);
                    self.end(&generator);
                    Bool::AllDiffGen(generator, Box::new(body))
                }
                _ => Bool::AllDiffList(self.list(d - 1, false)),
            },
            15 | 16 if root => {
                let len = self.rng.range(1, 3) as usize;
                let strict = self.rng.one_in(2);
                Bool::Lex(
                    strict,
                    self.list_of_len(d - 1, len),
                    self.list_of_len(d - 1, len),
                )
            }
            17 | 18 if self.can_gen() => {
                let forall = self.rng.one_in(2);
                let generator = self.gen_start(false);
                let body = self.boolean_at(d - 1, root && forall);
                self.end(&generator);
                Bool::Quant(forall, generator, b(body))
            }
            19 => {
                let n = self.rng.range(1, 3);
                let forall = self.rng.one_in(2);
                let root = root && forall;
                Bool::QuantList(
                    forall,
                    (0..n).map(|_| self.boolean_at(d - 1, root)).collect(),
                )
            }
            20 => match self.shape.bool_fn.clone() {
                Some((arity, body)) if self.holes == 0 => {
                    let args = self.args(arity);
                    let expanded = subst_bool(&body, &args);
                    Bool::Call(args, b(expanded))
                }
                _ => self.cmp(d - 1),
            },
            21 if self.rng.one_in(3) => Bool::Const(self.rng.one_in(2)),
            22 if self.rng.one_in(2) => {
                let len = self.rng.range(1, 3) as usize;
                let other = if self.rng.one_in(5) { len + 1 } else { len };
                Bool::ListEq(
                    self.rng.one_in(2),
                    self.list_of_len(d - 1, len),
                    self.list_of_len(d - 1, other),
                )
            }
            23 if root => self.circuit(d),
            24 if root => self.automaton(d),
            _ => self.cmp(d - 1),
        }
    }

    /// `regular(...)` or `nonogram_line(...)` (in a conjunctive position
    /// only) over any non-empty list: an automaton of up to four states
    /// from a random first number, up to eight random transitions on
    /// values near the domains (so sometimes nondeterministic); a clue of
    /// up to two runs (or `[0]`, the empty line).
    fn automaton(&mut self, d: u32) -> Bool {
        let list = self.list(d.saturating_sub(1), true);
        if self.rng.one_in(3) {
            let clue = match self.rng.below(5) {
                0 => vec![0],
                1 => Vec::new(),
                2 | 3 => vec![self.rng.range(1, 2)],
                _ => vec![self.rng.range(1, 2), 1],
            };
            return Bool::Nonogram(list, clue);
        }
        let first = self.rng.pick(&[0, 1, -2]);
        let states = self.rng.range(1, 4);
        let state = |g: &mut Self| first + g.rng.below(states as usize) as i64;
        let transitions = (0..self.rng.range(1, 8))
            .map(|_| (state(self), self.rng.range(-2, 3), state(self)))
            .collect();
        let start = state(self);
        let accepting = (0..self.rng.range(1, 2)).map(|_| state(self)).collect();
        Bool::Regular(list, transitions, start, accepting, self.rng.one_in(3))
    }

    /// `circuit(list)` (in a conjunctive position only): the array, whose
    /// indices are its declared ones, or a row of a 2-D one (the column
    /// indices), mostly; else a slice, a list of items or a comprehension,
    /// indexed from 0. Never empty.
    fn circuit(&mut self, d: u32) -> Bool {
        let has_array = self.shape.array.is_some();
        let list = loop {
            match self.rng.below(8) {
                0..=3 if has_array => break self.array_list(),
                4 if has_array && !self.is_2d() => {
                    let a = self.shape.array.as_ref().expect("an array");
                    let hi_all = a.base + a.len as i64 - 1;
                    let lo = self.rng.range(a.base, hi_all);
                    break List::Slice(lo, self.rng.range(lo, hi_all));
                }
                5 if self.can_gen() => {
                    let generator = self.gen_start(true);
                    let body = self.int(d - 1);
                    self.end(&generator);
                    break List::Comp(generator, Box::new(body));
                }
                6 | 7 => {
                    let n = self.rng.range(1, 4);
                    let items = (0..n)
                        .map(|_| {
                            if self.rng.one_in(4) {
                                self.int(d - 1)
                            } else {
                                self.var_form()
                            }
                        })
                        .collect();
                    break List::Items(items);
                }
                _ => {}
            }
        };
        Bool::Circuit(list)
    }
}

// ---------------------------------------------------------------------------
// Function expansion (function bodies hold no generators)

fn subst_int(e: &Int, args: &[Int]) -> Int {
    let b = |e: &Int| Box::new(subst_int(e, args));
    match e {
        Int::Hole(h) => args[*h].clone(),
        Int::Const(_) | Int::Var(..) | Int::Gen(_) => e.clone(),
        Int::Neg(a) => Int::Neg(b(a)),
        Int::Arith(op, x, y) => Int::Arith(*op, b(x), b(y)),
        Int::Abs(a) => Int::Abs(b(a)),
        Int::Pow(a, k) => Int::Pow(b(a), *k),
        Int::MinMax(agg, xs) => Int::MinMax(*agg, xs.iter().map(|x| subst_int(x, args)).collect()),
        Int::AggList(agg, l) => Int::AggList(*agg, subst_list(l, args)),
        Int::Count(bs) => Int::Count(bs.iter().map(|x| subst_bool(x, args)).collect()),
        Int::CountOf(xs, v) => Int::CountOf(xs.iter().map(|x| subst_int(x, args)).collect(), b(v)),
        Int::Elem(l, i) => Int::Elem(subst_list(l, args), b(i)),
        Int::Cell(r, c) => Int::Cell(b(r), b(c)),
        Int::Ite(c, x, y) => Int::Ite(Box::new(subst_bool(c, args)), b(x), b(y)),
        Int::FromBool(c) => Int::FromBool(Box::new(subst_bool(c, args))),
        Int::Len(l) => Int::Len(subst_list(l, args)),
        Int::AggGen(..) | Int::CountGen(..) | Int::Call(..) => {
            unreachable!("function bodies hold no generators and no calls")
        }
    }
}

fn subst_list(l: &List, args: &[Int]) -> List {
    match l {
        List::Items(xs) => List::Items(xs.iter().map(|x| subst_int(x, args)).collect()),
        List::Consts(_)
        | List::Param
        | List::Array
        | List::Slice(..)
        | List::Row(_)
        | List::TableRow(_) => l.clone(),
        List::Comp(..) => unreachable!("function bodies hold no generators"),
    }
}

fn subst_bool(e: &Bool, args: &[Int]) -> Bool {
    let b = |e: &Bool| Box::new(subst_bool(e, args));
    let i = |e: &Int| subst_int(e, args);
    match e {
        Bool::Const(_) => e.clone(),
        Bool::Cmp(op, x, y) => Bool::Cmp(*op, i(x), i(y)),
        Bool::In(x, c) => Bool::In(i(x), c.clone()),
        Bool::Not(x) => Bool::Not(b(x)),
        Bool::Conn(c, x, y) => Bool::Conn(*c, b(x), b(y)),
        Bool::Ite(c, x, y) => Bool::Ite(b(c), b(x), b(y)),
        Bool::AllDiffArgs(xs) => Bool::AllDiffArgs(xs.iter().map(i).collect()),
        Bool::Table(xs, rows) => Bool::Table(xs.iter().map(i).collect(), rows.clone()),
        Bool::Monotone(up, xs) => Bool::Monotone(*up, xs.iter().map(i).collect()),
        Bool::Gcc(xs, vs, cs) => Bool::Gcc(
            xs.iter().map(i).collect(),
            vs.clone(),
            cs.iter().map(i).collect(),
        ),
        Bool::AllDiffList(l) => Bool::AllDiffList(subst_list(l, args)),
        Bool::Lex(s, x, y) => Bool::Lex(*s, subst_list(x, args), subst_list(y, args)),
        Bool::Circuit(l) => Bool::Circuit(subst_list(l, args)),
        Bool::Regular(l, t, s, a, whole) => {
            Bool::Regular(subst_list(l, args), t.clone(), *s, a.clone(), *whole)
        }
        Bool::Nonogram(l, clue) => Bool::Nonogram(subst_list(l, args), clue.clone()),
        Bool::ListEq(e, x, y) => Bool::ListEq(*e, subst_list(x, args), subst_list(y, args)),
        Bool::QuantList(f, xs) => {
            Bool::QuantList(*f, xs.iter().map(|x| subst_bool(x, args)).collect())
        }
        Bool::AllDiffGen(..) | Bool::Quant(..) | Bool::Call(..) => {
            unreachable!("function bodies hold no generators and no calls")
        }
    }
}

// ---------------------------------------------------------------------------
// The printer

const P_IFF: u8 = 1;
const P_IMPLIES: u8 = 2;
const P_OR: u8 = 3;
const P_AND: u8 = 4;
const P_NOT: u8 = 5;
const P_CMP: u8 = 6;
const P_ADD: u8 = 8;
const P_MUL: u8 = 9;
const P_NEG: u8 = 10;
const P_POW: u8 = 11;
const P_POSTFIX: u8 = 12;
const P_ATOM: u8 = 13;

/// Prints expressions with the README's precedence (loosest first: `<->`,
/// `->` (right-associative), `or`, `and`, `not`, comparisons and `in`,
/// `..`, `+ -`, `* / %`, unary `-`, indexing); `full` parenthesises every
/// compound operand as well.
struct Printer {
    full: bool,
}

impl Printer {
    fn wrap(&self, text: String, prec: u8, min: u8) -> String {
        if prec < min || (self.full && min > 0 && prec < P_POSTFIX) {
            format!("({text})")
        } else {
            text
        }
    }

    fn ints(&self, xs: &[Int]) -> String {
        xs.iter()
            .map(|x| self.int(x, 0))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn bools(&self, xs: &[Bool]) -> String {
        xs.iter()
            .map(|x| self.boolean(x, 0))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn int(&self, e: &Int, min: u8) -> String {
        let (text, prec) = match e {
            Int::Const(c) => (c.to_string(), if *c < 0 { P_NEG } else { P_ATOM }),
            Int::Var(_, name) => (name.clone(), P_ATOM),
            Int::Hole(h) => (HOLE_NAMES[*h].to_string(), P_ATOM),
            Int::Gen(l) => (GEN_NAMES[*l].to_string(), P_ATOM),
            Int::Neg(a) => (format!("-{}", self.int(a, P_POSTFIX)), P_NEG),
            Int::Arith(op, a, b) => {
                let (sym, prec) = match op {
                    Arith::Add => ("+", P_ADD),
                    Arith::Sub => ("-", P_ADD),
                    Arith::Mul => ("*", P_MUL),
                    Arith::Div => ("/", P_MUL),
                    Arith::Rem => ("%", P_MUL),
                };
                let text = format!("{} {sym} {}", self.int(a, prec), self.int(b, prec + 1));
                (text, prec)
            }
            Int::Abs(a) => (format!("abs({})", self.int(a, 0)), P_ATOM),
            // Right-associative: the base is parenthesised unless atomic.
            Int::Pow(a, k) => (format!("{}^{k}", self.int(a, P_POSTFIX)), P_POW),
            Int::MinMax(agg, xs) => (format!("{}({})", agg_name(*agg), self.ints(xs)), P_ATOM),
            Int::AggList(agg, l) => (format!("{}({})", agg_name(*agg), self.list(l)), P_ATOM),
            Int::AggGen(agg, g, body) => {
                let text = format!(
                    "{}({} {})",
                    agg_name(*agg),
                    self.int(body, 0),
                    self.generator(g)
                );
                (text, P_ATOM)
            }
            Int::Count(bs) => (format!("count([{}])", self.bools(bs)), P_ATOM),
            Int::CountOf(xs, v) => (
                format!("count([{}], {})", self.ints(xs), self.int(v, 0)),
                P_ATOM,
            ),
            Int::CountGen(g, body) => (
                format!("count({} {})", self.boolean(body, 0), self.generator(g)),
                P_ATOM,
            ),
            Int::Elem(l, i) => (format!("{}[{}]", self.list(l), self.int(i, 0)), P_POSTFIX),
            Int::Cell(r, c) => (
                format!("x[{}][{}]", self.int(r, 0), self.int(c, 0)),
                P_POSTFIX,
            ),
            Int::Ite(c, a, b) => {
                let text = format!(
                    "if {} then {} else {}",
                    self.boolean(c, 0),
                    self.int(a, 0),
                    self.int(b, 0)
                );
                (text, 0)
            }
            Int::FromBool(b) => return self.boolean(b, min),
            Int::Len(l) => (format!("len({})", self.list(l)), P_ATOM),
            Int::Call(args, _) => (format!("f({})", self.ints(args)), P_ATOM),
        };
        self.wrap(text, prec, min)
    }

    fn list(&self, l: &List) -> String {
        match l {
            List::Consts(v) => format!("[{}]", join(v)),
            List::Param => "p".to_string(),
            List::Array => "x".to_string(),
            List::Items(xs) => format!("[{}]", self.ints(xs)),
            List::Slice(lo, hi) => format!("x[{lo}..{hi}]"),
            List::Comp(g, body) => format!("[{} {}]", self.int(body, 0), self.generator(g)),
            List::Row(r) => format!("x[{r}]"),
            List::TableRow(k) => format!("q[{k}]"),
        }
    }

    fn generator(&self, g: &Gen) -> String {
        let mut parts = Vec::new();
        for (k, source) in g.fors.iter().enumerate() {
            let source = match source {
                Source::Range(lo, hi) => format!("{lo}..{hi}"),
                Source::Set(v) => format!("{{{}}}", join(v)),
                Source::Consts(v) => format!("[{}]", join(v)),
                Source::Param => "p".to_string(),
                Source::Array => "x".to_string(),
                Source::Row(r) => format!("x[{r}]"),
                Source::TableRow(k) => format!("q[{k}]"),
            };
            parts.push(format!("for {} in {source}", GEN_NAMES[g.level + k]));
        }
        if let Some(filter) = &g.filter {
            parts.push(format!("if {}", self.boolean(filter, 0)));
        }
        parts.join(" ")
    }

    fn boolean(&self, e: &Bool, min: u8) -> String {
        let (text, prec) = match e {
            Bool::Const(v) => (v.to_string(), P_ATOM),
            Bool::Cmp(op, a, b) => (
                format!(
                    "{} {} {}",
                    self.int(a, P_CMP + 1),
                    CMPS[*op],
                    self.int(b, P_CMP + 1)
                ),
                P_CMP,
            ),
            Bool::In(a, c) => {
                let coll = match c {
                    Coll::Range(lo, hi) => format!("{lo}..{hi}"),
                    Coll::Set(v) => format!("{{{}}}", join(v)),
                    Coll::Consts(v) => format!("[{}]", join(v)),
                    Coll::Param => "p".to_string(),
                    Coll::TableRow(k) => format!("q[{k}]"),
                };
                (format!("{} in {coll}", self.int(a, P_CMP + 1)), P_CMP)
            }
            Bool::Not(a) => (format!("not {}", self.boolean(a, P_NOT)), P_NOT),
            Bool::Conn(c, a, b) => {
                let (sym, prec, left, right) = match c {
                    Conn::And => ("and", P_AND, P_AND, P_AND + 1),
                    Conn::Or => ("or", P_OR, P_OR, P_OR + 1),
                    Conn::Implies => ("->", P_IMPLIES, P_IMPLIES + 1, P_IMPLIES),
                    Conn::Iff => ("<->", P_IFF, P_IFF + 1, P_IFF + 1),
                };
                let text = format!("{} {sym} {}", self.boolean(a, left), self.boolean(b, right));
                (text, prec)
            }
            Bool::Ite(c, a, b) => (
                format!(
                    "if {} then {} else {}",
                    self.boolean(c, 0),
                    self.boolean(a, 0),
                    self.boolean(b, 0)
                ),
                0,
            ),
            Bool::AllDiffArgs(xs) => (format!("alldifferent({})", self.ints(xs)), P_ATOM),
            Bool::Table(xs, rows) => {
                let rows: Vec<String> = rows.iter().map(|r| format!("[{}]", join(r))).collect();
                (
                    format!("table([{}], [{}])", self.ints(xs), rows.join(", ")),
                    P_ATOM,
                )
            }
            Bool::Monotone(up, xs) => {
                let name = if *up { "increasing" } else { "decreasing" };
                (format!("{name}({})", self.ints(xs)), P_ATOM)
            }
            Bool::Gcc(xs, vs, cs) => (
                format!(
                    "global_cardinality([{}], [{}], [{}])",
                    self.ints(xs),
                    join(vs),
                    self.ints(cs)
                ),
                P_ATOM,
            ),
            Bool::AllDiffList(l) => (format!("alldifferent({})", self.list(l)), P_ATOM),
            Bool::Circuit(l) => (format!("circuit({})", self.list(l)), P_ATOM),
            Bool::Regular(l, transitions, start, accepting, whole) => {
                let moves: Vec<String> = transitions
                    .iter()
                    .map(|(q, v, to)| format!("[{q}, {v}, {to}]"))
                    .collect();
                let accepting: Vec<String> = accepting.iter().map(i64::to_string).collect();
                let parts = format!(
                    "[{}], {start}, [{}]",
                    moves.join(", "),
                    accepting.join(", ")
                );
                let automaton = if *whole { format!("[{parts}]") } else { parts };
                (format!("regular({}, {automaton})", self.list(l)), P_ATOM)
            }
            Bool::Nonogram(l, clue) => {
                let clue: Vec<String> = clue.iter().map(i64::to_string).collect();
                (
                    format!("nonogram_line({}, [{}])", self.list(l), clue.join(", ")),
                    P_ATOM,
                )
            }
            Bool::AllDiffGen(g, body) => (
                format!("alldifferent({} {})", self.int(body, 0), self.generator(g)),
                P_ATOM,
            ),
            Bool::Lex(strict, a, b) => {
                let name = if *strict { "lex_less" } else { "lex_lesseq" };
                (
                    format!("{name}({}, {})", self.list(a), self.list(b)),
                    P_ATOM,
                )
            }
            Bool::ListEq(eq, a, b) => (
                format!(
                    "{} {} {}",
                    self.list(a),
                    if *eq { "==" } else { "!=" },
                    self.list(b)
                ),
                P_CMP,
            ),
            Bool::Quant(forall, g, body) => {
                let name = if *forall { "forall" } else { "exists" };
                let text = format!("{name}({} {})", self.boolean(body, 0), self.generator(g));
                (text, P_ATOM)
            }
            Bool::QuantList(forall, xs) => {
                let name = if *forall { "forall" } else { "exists" };
                (format!("{name}([{}])", self.bools(xs)), P_ATOM)
            }
            Bool::Call(args, _) => (format!("g({})", self.ints(args)), P_ATOM),
        };
        self.wrap(text, prec, min)
    }
}

fn agg_name(agg: Agg) -> &'static str {
    match agg {
        Agg::Sum => "sum",
        Agg::Product => "product",
        Agg::Min => "min",
        Agg::Max => "max",
    }
}

// ---------------------------------------------------------------------------
// The evaluator: the README's semantics on one assignment

struct Eval<'a> {
    model: &'a Model,
    vals: &'a [i64],
    gens: Vec<i64>,
}

fn aggregate(agg: Agg, values: &[i64]) -> Option<i64> {
    match agg {
        Agg::Sum => Some(values.iter().sum()),
        Agg::Product => Some(values.iter().product()),
        Agg::Min => values.iter().copied().min(),
        Agg::Max => values.iter().copied().max(),
    }
}

fn all_distinct(values: &[i64]) -> bool {
    values.iter().collect::<BTreeSet<_>>().len() == values.len()
}

/// The reference meaning of `circuit`: from the first position, `n` steps
/// along the successors (`succ[k]` is the index, from `base`, of the next
/// position) visit every position exactly once and end where they began.
fn is_circuit(succ: &[i64], base: i64) -> bool {
    assert!(!succ.is_empty(), "circuit of an empty list");
    let n = succ.len();
    let mut visited = vec![false; n];
    let mut at = 0;
    for _ in 0..n {
        let Some(next) = succ[at]
            .checked_sub(base)
            .and_then(|k| usize::try_from(k).ok())
            .filter(|&k| k < n)
        else {
            return false;
        };
        if visited[next] {
            return false;
        }
        visited[next] = true;
        at = next;
    }
    at == 0 && visited.iter().all(|&v| v)
}

fn compare(op: usize, a: i64, b: i64) -> bool {
    [a == b, a != b, a < b, a <= b, a > b, a >= b][op]
}

impl Eval<'_> {
    fn shape(&self) -> &Shape {
        &self.model.shape
    }

    fn array(&self) -> &ArrayShape {
        self.shape().array.as_ref().expect("the model has an array")
    }

    fn param(&self) -> &[i64] {
        self.shape()
            .param
            .as_deref()
            .expect("the model has a param")
    }

    fn array_values(&self) -> &[i64] {
        let ns = self.shape().scalars.len();
        &self.vals[ns..ns + self.array().len]
    }

    /// Row `r` of the 2-D array.
    fn row(&self, r: i64) -> &[i64] {
        let a = self.array();
        let rb = a.rows.expect("a 2-D array");
        let cols = a.cols();
        let start = (r - rb) as usize * cols;
        &self.array_values()[start..start + cols]
    }

    fn table_row(&self, k: usize) -> &[i64] {
        &self.shape().table.as_ref().expect("the model has a table")[k]
    }

    /// Calls `f` once per item of the generator, with its variables bound.
    fn each(&mut self, g: &Gen, k: usize, f: &mut dyn FnMut(&mut Self)) {
        if k == 0 {
            assert_eq!(self.gens.len(), g.level, "generator levels");
        }
        if k == g.fors.len() {
            if g.filter.as_ref().is_none_or(|c| self.boolean(c)) {
                f(self);
            }
            return;
        }
        let values: Vec<i64> = match &g.fors[k] {
            Source::Range(lo, hi) => (*lo..=*hi).collect(),
            Source::Set(v) | Source::Consts(v) => v.clone(),
            Source::Param => self.param().to_vec(),
            Source::Array => self.array_values().to_vec(),
            Source::Row(r) => self.row(*r).to_vec(),
            Source::TableRow(k) => self.table_row(*k).to_vec(),
        };
        for v in values {
            self.gens.push(v);
            self.each(g, k + 1, f);
            let _ = self.gens.pop();
        }
    }

    /// The integer values of a generator's items (`None` if one is undefined).
    fn gen_ints(&mut self, g: &Gen, body: &Int) -> Option<Vec<i64>> {
        let mut out = Vec::new();
        self.each(g, 0, &mut |ev| out.push(ev.int(body)));
        out.into_iter().collect()
    }

    fn gen_bools(&mut self, g: &Gen, body: &Bool) -> Vec<bool> {
        let mut out = Vec::new();
        self.each(g, 0, &mut |ev| out.push(ev.boolean(body)));
        out
    }

    fn ints(&mut self, xs: &[Int]) -> Option<Vec<i64>> {
        xs.iter().map(|x| self.int(x)).collect()
    }

    /// The items of a list (`None` if one is undefined) and the index of its
    /// first item.
    fn list(&mut self, l: &List) -> Option<(Vec<i64>, i64)> {
        Some(match l {
            List::Consts(v) => (v.clone(), 0),
            List::Param => (self.param().to_vec(), 0),
            List::Array => (self.array_values().to_vec(), self.array().base),
            List::Items(xs) => (self.ints(xs)?, 0),
            List::Slice(lo, hi) => {
                let base = self.array().base;
                let all = self.array_values();
                (all[(lo - base) as usize..=(hi - base) as usize].to_vec(), 0)
            }
            List::Comp(g, body) => (self.gen_ints(g, body)?, 0),
            List::Row(r) => (self.row(*r).to_vec(), self.array().base),
            List::TableRow(k) => (self.table_row(*k).to_vec(), 0),
        })
    }

    fn int(&mut self, e: &Int) -> Option<i64> {
        Some(match e {
            Int::Const(c) => *c,
            Int::Var(pos, _) => self.vals[*pos],
            Int::Hole(_) => unreachable!("holes are substituted"),
            Int::Gen(level) => self.gens[*level],
            Int::Neg(a) => -self.int(a)?,
            Int::Arith(op, a, b) => {
                let (a, b) = (self.int(a)?, self.int(b)?);
                match op {
                    Arith::Add => a + b,
                    Arith::Sub => a - b,
                    Arith::Mul => a * b,
                    Arith::Div => a.checked_div(b)?,
                    Arith::Rem => a.checked_rem(b)?,
                }
            }
            Int::Abs(a) => self.int(a)?.abs(),
            Int::Pow(a, k) => self.int(a)?.checked_pow(*k)?,
            Int::MinMax(agg, xs) => aggregate(*agg, &self.ints(xs)?)?,
            Int::AggList(agg, l) => aggregate(*agg, &self.list(l)?.0)?,
            Int::AggGen(agg, g, body) => aggregate(*agg, &self.gen_ints(g, body)?)?,
            Int::Count(bs) => bs.iter().filter(|b| self.boolean(b)).count() as i64,
            Int::CountOf(xs, v) => {
                let (xs, v) = (self.ints(xs)?, self.int(v)?);
                xs.iter().filter(|&&x| x == v).count() as i64
            }
            Int::CountGen(g, body) => {
                self.gen_bools(g, body).into_iter().filter(|&b| b).count() as i64
            }
            Int::Elem(l, i) => {
                let (items, base) = self.list(l)?;
                let index = self.int(i)?;
                let at = usize::try_from(index - base).ok()?;
                *items.get(at)?
            }
            Int::Cell(r, c) => {
                let (row, column) = (self.int(r)?, self.int(c)?);
                let rb = self.array().rows.expect("a 2-D array");
                if !(rb..rb + 2).contains(&row) {
                    return None;
                }
                let base = self.array().base;
                let at = usize::try_from(column - base).ok()?;
                *self.row(row).get(at)?
            }
            Int::Ite(c, a, b) => {
                if self.boolean(c) {
                    self.int(a)?
                } else {
                    self.int(b)?
                }
            }
            Int::FromBool(b) => i64::from(self.boolean(b)),
            Int::Len(l) => self.list(l)?.0.len() as i64,
            Int::Call(_, expanded) => self.int(expanded)?,
        })
    }

    fn boolean(&mut self, e: &Bool) -> bool {
        match e {
            Bool::Const(v) => *v,
            Bool::Cmp(op, a, b) => match (self.int(a), self.int(b)) {
                (Some(a), Some(b)) => compare(*op, a, b),
                _ => false,
            },
            Bool::In(a, c) => self.int(a).is_some_and(|v| match c {
                Coll::Range(lo, hi) => (*lo..=*hi).contains(&v),
                Coll::Set(s) | Coll::Consts(s) => s.contains(&v),
                Coll::Param => self.param().contains(&v),
                Coll::TableRow(k) => self.table_row(*k).contains(&v),
            }),
            Bool::Not(a) => !self.boolean(a),
            Bool::Conn(c, a, b) => {
                let (a, b) = (self.boolean(a), self.boolean(b));
                match c {
                    Conn::And => a && b,
                    Conn::Or => a || b,
                    Conn::Implies => !a || b,
                    Conn::Iff => a == b,
                }
            }
            Bool::Ite(c, a, b) => {
                if self.boolean(c) {
                    self.boolean(a)
                } else {
                    self.boolean(b)
                }
            }
            Bool::AllDiffArgs(xs) => self.ints(xs).is_some_and(|v| all_distinct(&v)),
            Bool::Table(xs, rows) => self.ints(xs).is_some_and(|v| rows.contains(&v)),
            Bool::Gcc(xs, vs, cs) => match (self.ints(xs), self.ints(cs)) {
                (Some(xs), Some(cs)) => vs
                    .iter()
                    .zip(&cs)
                    .all(|(v, &c)| xs.iter().filter(|&x| x == v).count() as i64 == c),
                _ => false,
            },
            Bool::Circuit(l) => self
                .list(l)
                .is_some_and(|(succ, base)| is_circuit(&succ, base)),
            Bool::Regular(l, transitions, start, accepting, _) => {
                self.list(l).is_some_and(|(word, _)| {
                    // The states reached after each value (possibly several).
                    let mut states = vec![*start];
                    for v in word {
                        states = transitions
                            .iter()
                            .filter(|t| t.1 == v && states.contains(&t.0))
                            .map(|t| t.2)
                            .collect();
                    }
                    states.iter().any(|q| accepting.contains(q))
                })
            }
            Bool::Nonogram(l, clue) => self.list(l).is_some_and(|(line, _)| {
                let mut runs = Vec::new();
                let mut run = 0;
                for v in line.iter().chain([&0]) {
                    match v {
                        1 => run += 1,
                        0 if run > 0 => {
                            runs.push(run);
                            run = 0;
                        }
                        0 => {}
                        _ => return false,
                    }
                }
                runs == *clue || (runs.is_empty() && *clue == [0])
            }),
            Bool::Monotone(up, xs) => self.ints(xs).is_some_and(|v| {
                v.windows(2)
                    .all(|w| if *up { w[0] <= w[1] } else { w[0] >= w[1] })
            }),
            Bool::AllDiffList(l) => self.list(l).is_some_and(|(v, _)| all_distinct(&v)),
            Bool::AllDiffGen(g, body) => self.gen_ints(g, body).is_some_and(|v| all_distinct(&v)),
            Bool::Lex(strict, a, b) => match (self.list(a), self.list(b)) {
                (Some((a, _)), Some((b, _))) => {
                    assert_eq!(a.len(), b.len(), "lex of lists of the same length");
                    if *strict { a < b } else { a <= b }
                }
                _ => false,
            },
            // Equal lengths and equal items; an undefined item (a variable
            // index out of range) makes the comparison false, either way.
            Bool::ListEq(eq, a, b) => match (self.list(a), self.list(b)) {
                (Some((a, _)), Some((b, _))) => (a == b) == *eq,
                _ => false,
            },
            Bool::Quant(forall, g, body) => {
                let values = self.gen_bools(g, body);
                if *forall {
                    values.iter().all(|&b| b)
                } else {
                    values.iter().any(|&b| b)
                }
            }
            Bool::QuantList(forall, xs) => {
                let values: Vec<bool> = xs.iter().map(|x| self.boolean(x)).collect();
                if *forall {
                    values.iter().all(|&b| b)
                } else {
                    values.iter().any(|&b| b)
                }
            }
            Bool::Call(_, expanded) => self.boolean(expanded),
        }
    }
}

// ---------------------------------------------------------------------------
// The driver

fn env_u64(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(v) => v
            .trim()
            .replace('_', "")
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v:?} is not a number")),
        Err(_) => default,
    }
}

#[derive(Default)]
struct Tally {
    models: AtomicUsize,
    runs: AtomicUsize,
    /// Dumps counted back (one per model).
    dumps: AtomicUsize,
    /// Dumps whose count stopped at the node limit (counted again).
    dumps_cut: AtomicUsize,
    unsat: AtomicUsize,
    /// `--unique` runs against the brute force's classes, and those
    /// among them that must be refused (a declaration that is no symmetry).
    unique: AtomicUsize,
    unique_refused: AtomicUsize,
    failures: Mutex<Vec<String>>,
}

/// The count `solve --count` prints for the spec with `opts`, or the
/// message of the harness's panic (a spec error, a wrong exit code, a crash).
fn solver_count(path: &str, opts: &[String]) -> Result<u64, String> {
    let mut args = vec![path];
    args.extend(opts.iter().map(String::as_str));
    catch_unwind(AssertUnwindSafe(|| count(&args))).map_err(panic_message)
}

/// The message of a panic caught from the harness.
fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "a panic".to_string())
}

/// The text `solve --dump-model` prints for the spec with `opts`, or why
/// there is none (a non-zero exit, a crash).
fn solver_dump(path: &str, opts: &[String]) -> Result<String, String> {
    let mut args = vec!["--dump-model", path];
    args.extend(opts.iter().map(String::as_str));
    match catch_unwind(AssertUnwindSafe(|| solve(&args))) {
        Ok((stdout, _, 0)) => Ok(stdout),
        Ok((_, stderr, code)) => Err(format!("exit {code}\nstderr:\n{stderr}")),
        Err(payload) => Err(panic_message(payload)),
    }
}

/// Nodes a dump's count may take before it is counted again with
/// `--consistency propagate`. The dumps of these models mostly take a few
/// hundred nodes; under `consistency = "check"` some took 10^8 (their
/// auxiliary variables are declared variables there, searched with no
/// propagation), and the count must not depend on the level anyway.
const DUMP_NODE_LIMIT: u64 = 1_000_000;

/// `solve --count --node-limit N` of `path`: the count, `None` when the
/// limit stopped the search (exit 3), or why there is none (a spec error,
/// a crash, a count with the wrong exit code).
fn limited_count(path: &str, limit: u64) -> Result<Option<u64>, String> {
    let limit = limit.to_string();
    let args = ["--count", "--node-limit", limit.as_str(), path];
    let (stdout, stderr, code) =
        catch_unwind(AssertUnwindSafe(|| solve(&args))).map_err(panic_message)?;
    if code == 3 {
        return Ok(None);
    }
    let n: u64 = stdout.trim().parse().map_err(|_| {
        format!("solve {args:?}: exit {code}, expected a count, got {stdout:?}\nstderr:\n{stderr}")
    })?;
    if code != if n == 0 { 1 } else { 0 } {
        return Err(format!(
            "solve {args:?} printed {n}: wrong exit code {code}\nstderr:\n{stderr}"
        ));
    }
    Ok(Some(n))
}

/// Dumps the model with `opts` and counts the dump (with its own
/// `[search]`; past [`DUMP_NODE_LIMIT`] nodes, again with `--consistency
/// propagate`): a report unless the dump's count is `expected` (the
/// brute-force count of what was dumped).
fn check_dump(
    (index, seed, text): (u64, u64, &str),
    path: &str,
    opts: &[String],
    expected: u64,
    tally: &Tally,
) -> Option<String> {
    let _ = tally.dumps.fetch_add(1, Ordering::Relaxed);
    let command = ["--dump-model"]
        .into_iter()
        .chain(opts.iter().map(String::as_str))
        .chain([path])
        .collect::<Vec<_>>()
        .join(" ");
    let dump = match solver_dump(path, opts) {
        Ok(dump) => dump,
        Err(message) => {
            return Some(format!(
                "model {index} (DIFFERENTIAL_SEED={seed}): `solve {command}` failed: {message}\n\
                 --- spec ---\n{text}---"
            ));
        }
    };
    let file = TempSpec::new("differential-dump", &dump);
    let mut counted = "`solve --count` of the dump".to_string();
    let got = match limited_count(file.path(), DUMP_NODE_LIMIT) {
        Ok(Some(n)) => Ok(n),
        Ok(None) => {
            let _ = tally.dumps_cut.fetch_add(1, Ordering::Relaxed);
            counted = format!(
                "`solve --count --consistency propagate` of the dump, \
                 `solve --count` having stopped at {DUMP_NODE_LIMIT} nodes"
            );
            solver_count(file.path(), &["--consistency".into(), "propagate".into()])
        }
        Err(message) => Err(message),
    };
    if got == Ok(expected) {
        return None;
    }
    let got = match got {
        Ok(n) => n.to_string(),
        Err(message) => format!("an error: {message}"),
    };
    Some(format!(
        "model {index} (DIFFERENTIAL_SEED={seed}): the dump of `solve {command}` counts {got} \
         ({counted}), brute force {expected}\n\
         --- spec ---\n{text}--- dump ---\n{dump}---"
    ))
}

fn model_rng(seed: u64, index: u64) -> Rng {
    Rng::new(
        seed.wrapping_mul(0xA24B_AED4_963E_E407) ^ (index + 1).wrapping_mul(0x9FB2_1C65_1E98_DF25),
    )
}

/// Generates model `index` and compares the counts; returns a report of
/// every disagreement.
fn check_model(seed: u64, index: u64, tally: &Tally) -> Vec<String> {
    let mut rng = model_rng(seed, index);
    let model = Model::random(&mut rng);
    let text = model.text();
    if std::env::var_os("DIFFERENTIAL_PRINT").is_some() {
        eprintln!("model {index}:\n{text}");
    }
    let file = TempSpec::new("differential", &text);
    let expected = model.brute_force(|_| true);
    let mut runs: Vec<Vec<String>> = vec![Vec::new()];
    for _ in 0..4 {
        runs.push(random_options(&mut rng, &model.shape));
    }
    if model.has_symmetry() {
        let mut opts = random_options(&mut rng, &model.shape);
        opts.push("--no-symmetry".to_string());
        runs.push(opts);
    }
    if expected == 0 {
        let _ = tally.unsat.fetch_add(1, Ordering::Relaxed);
    }
    let mut failures = Vec::new();
    // The run whose model is dumped: each in turn, over the models.
    let dumped = index as usize % runs.len();
    for (r, opts) in runs.into_iter().enumerate() {
        let no_symmetry = opts.iter().any(|o| o == "--no-symmetry");
        let expected = if no_symmetry {
            model.brute_force(|item| !item.symmetry)
        } else {
            expected
        };
        if r == dumped {
            failures.extend(check_dump(
                (index, seed, &text),
                file.path(),
                &opts,
                expected,
                tally,
            ));
        }
        let got = solver_count(file.path(), &opts);
        let _ = tally.runs.fetch_add(1, Ordering::Relaxed);
        if got == Ok(expected) {
            continue;
        }
        let got = match got {
            Ok(n) => n.to_string(),
            Err(message) => format!("an error: {message}"),
        };
        let mut report = format!(
            "model {index} (DIFFERENTIAL_SEED={seed}): `solve {}` gave {got}, brute force {expected}\n--- spec ---\n{text}---",
            ["--count"]
                .into_iter()
                .chain(opts.iter().map(String::as_str))
                .chain([file.path()])
                .collect::<Vec<_>>()
                .join(" ")
        );
        // Which constraint disagrees on its own, to help minimise.
        if model.items.len() > 1 {
            for k in 0..model.items.len() {
                let single = model.only(k);
                let single_file = TempSpec::new("differential-item", &single.text());
                let want = single.brute_force(|item| !no_symmetry || !item.symmetry);
                let have = solver_count(single_file.path(), &opts);
                let have = match have {
                    Ok(n) => n.to_string(),
                    Err(_) => "an error".to_string(),
                };
                report.push_str(&format!(
                    "\nitem {k} alone: solve {have}, brute force {want}"
                ));
            }
        }
        failures.push(report);
    }
    failures.extend(check_threads_keep_the_order(
        index,
        &model,
        file.path(),
        &text,
    ));
    if let Some(failure) = unique::check(&model, &text, &mut rng, tally) {
        failures.push(format!(
            "model {index} (DIFFERENTIAL_SEED={seed}): {failure}"
        ));
    }
    let _ = tally.models.fetch_add(1, Ordering::Relaxed);
    failures
}

#[test]
fn random_models_count_like_brute_force_under_every_search_option() {
    let models = env_u64("DIFFERENTIAL_MODELS", 400);
    let seed = env_u64("DIFFERENTIAL_SEED", 1);
    let first = env_u64("DIFFERENTIAL_FIRST", 0);
    let threads = env_u64(
        "DIFFERENTIAL_THREADS",
        std::thread::available_parallelism().map_or(2, |n| n.get() as u64),
    )
    .max(1);
    let tally = Tally::default();
    let next = AtomicUsize::new(0);
    let started = std::time::Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let _ = scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed) as u64;
                    if k >= models {
                        return;
                    }
                    let failures = check_model(seed, first + k, &tally);
                    if !failures.is_empty() {
                        for failure in &failures {
                            eprintln!("DISAGREEMENT {failure}\n");
                        }
                        tally
                            .failures
                            .lock()
                            .expect("the failure list")
                            .extend(failures);
                    }
                }
            });
        }
    });
    let failures = tally.failures.into_inner().expect("the failure list");
    eprintln!(
        "differential: {} models ({} with no solution), {} solver runs, {} dumps counted back \
         ({} past {DUMP_NODE_LIMIT} nodes), {} --unique runs ({} refused), {} disagreements \
         (DIFFERENTIAL_SEED={seed}, models {first}..{}, {threads} threads, {:.1} s)",
        tally.models.load(Ordering::Relaxed),
        tally.unsat.load(Ordering::Relaxed),
        tally.runs.load(Ordering::Relaxed),
        tally.dumps.load(Ordering::Relaxed),
        tally.dumps_cut.load(Ordering::Relaxed),
        tally.unique.load(Ordering::Relaxed),
        tally.unique_refused.load(Ordering::Relaxed),
        failures.len(),
        first + models,
        started.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} disagreements; the first:\n{}",
        failures.len(),
        failures[0]
    );
}
