//! The printer: expressions as spec text, with the fewest parentheses the
//! precedence table allows or with every operand parenthesised.

use super::ast::{
    Agg, Arith, Bool, CMPS, Coll, Conn, GEN_NAMES, Gen, HOLE_NAMES, Int, List, Source,
};
use crate::join;

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
pub(super) struct Printer {
    pub(super) full: bool,
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

    pub(super) fn int(&self, e: &Int, min: u8) -> String {
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

    pub(super) fn boolean(&self, e: &Bool, min: u8) -> String {
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
            Bool::Connected(xs, edges, links) => {
                let links = links
                    .as_ref()
                    .map_or(String::new(), |ls| format!(", [{}]", self.ints(ls)));
                let graph = pairs(edges);
                (
                    format!("connected([{}], {graph}{links})", self.ints(xs)),
                    P_ATOM,
                )
            }
            Bool::Way(es, edges, ends) => {
                let graph = pairs(edges);
                let text = match ends {
                    None => format!("single_loop([{}], {graph})", self.ints(es)),
                    Some((s, t)) => format!("single_path([{}], {graph}, {s}, {t})", self.ints(es)),
                };
                (text, P_ATOM)
            }
            Bool::Circuit(sub, l) => {
                let name = if *sub { "subcircuit" } else { "circuit" };
                (format!("{name}({})", self.list(l)), P_ATOM)
            }
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
            Bool::Schedule(starts, durations, resource, strict) => {
                let text = match resource {
                    Some((requirements, capacity)) => format!(
                        "cumulative([{}], [{}], [{}], {capacity})",
                        self.ints(starts),
                        join(durations),
                        join(requirements)
                    ),
                    None => format!(
                        "disjunctive{}([{}], [{}])",
                        if *strict { "_strict" } else { "" },
                        self.ints(starts),
                        join(durations)
                    ),
                };
                (text, P_ATOM)
            }
            Bool::AllDiffExcept(xs, except) => (
                if *except == [0] {
                    format!("alldifferent_except_0([{}])", self.ints(xs))
                } else {
                    format!(
                        "alldifferent_except([{}], [{}])",
                        self.ints(xs),
                        join(except)
                    )
                },
                P_ATOM,
            ),
            Bool::Member(xs, y) => (
                format!("member([{}], {})", self.ints(xs), self.int(y, 0)),
                P_ATOM,
            ),
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

/// Edges as the spec writes them: `[[i, j], ...]`.
fn pairs(edges: &[(usize, usize)]) -> String {
    let items: Vec<String> = edges.iter().map(|(a, b)| format!("[{a}, {b}]")).collect();
    format!("[{}]", items.join(", "))
}
