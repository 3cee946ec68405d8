//! Expression strings to [`Expr`] trees: pest for the tokens and structure,
//! a Pratt parser for operator precedence.
//!
//! An expression sits inside a TOML string, so offsets are rebased by the
//! string's position in the file (`Origin`, `origin.rs`). That is exact when the string
//! has no escapes; otherwise every span points at the whole string.

use super::habits::{habit, no_reverse_arrow};
use crate::diagnostic::Diagnostic;
use crate::source::Span;
use crate::spec::ast::{BinaryOp, Clause, Expr, ExprKind, UnaryOp};
use crate::spec::origin::{Name, Origin};
use pest::Parser as _;
use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};
use std::sync::LazyLock;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/expr.pest"]
struct ExprParser;

static PRATT: LazyLock<PrattParser<Rule>> = LazyLock::new(|| {
    PrattParser::new()
        .op(Op::infix(Rule::iff, Assoc::Left))
        .op(Op::infix(Rule::implies, Assoc::Right))
        .op(Op::infix(Rule::or, Assoc::Left))
        .op(Op::infix(Rule::and, Assoc::Left))
        .op(Op::prefix(Rule::not))
        .op(Op::infix(Rule::eq, Assoc::Left)
            | Op::infix(Rule::ne, Assoc::Left)
            | Op::infix(Rule::lt, Assoc::Left)
            | Op::infix(Rule::le, Assoc::Left)
            | Op::infix(Rule::gt, Assoc::Left)
            | Op::infix(Rule::ge, Assoc::Left)
            | Op::infix(Rule::member, Assoc::Left))
        // `xs ++ 1..3` joins a range.
        .op(Op::infix(Rule::concat, Assoc::Left))
        .op(Op::infix(Rule::range, Assoc::Left))
        .op(Op::infix(Rule::add, Assoc::Left) | Op::infix(Rule::sub, Assoc::Left))
        .op(Op::infix(Rule::mul, Assoc::Left)
            | Op::infix(Rule::div, Assoc::Left)
            | Op::infix(Rule::rem, Assoc::Left))
        .op(Op::prefix(Rule::neg))
        // `-x^2` is `-(x^2)`; `2^3^2` is `2^(3^2)`.
        .op(Op::infix(Rule::pow, Assoc::Right))
        .op(Op::postfix(Rule::index))
});

/// Parses a whole expression.
/// Longest expression text accepted, and deepest bracket nesting.
const MAX_LENGTH: usize = 100_000;
const MAX_DEPTH: usize = 1000;

/// Rejects texts too long or too deeply nested to parse and evaluate safely.
fn check_size(text: &str, origin: &Origin) -> Result<(), Diagnostic> {
    if text.len() > MAX_LENGTH {
        return Err(Diagnostic::new(
            format!(
                "expression is too long ({} bytes; at most {MAX_LENGTH})",
                text.len()
            ),
            origin.whole,
        ));
    }
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if depth > MAX_DEPTH {
            return Err(Diagnostic::new(
                format!("expression is nested too deeply (more than {MAX_DEPTH} brackets)"),
                origin.span(i, i + 1),
            ));
        }
    }
    Ok(())
}

pub(crate) fn parse_expr(text: &str, origin: Origin) -> Result<Expr, Diagnostic> {
    let origin = &origin;
    check_size(text, origin)?;
    no_reverse_arrow(text, origin)?;
    pest::set_error_detail(true);
    let mut pairs = ExprParser::parse(Rule::main, text).map_err(|e| {
        if is_function(text) {
            function_as_value(origin)
        } else {
            syntax_error(e, origin, text)
        }
    })?;
    let main = pairs.next().expect("main rule");
    let expr = main.into_inner().next().expect("expr");
    build(expr, origin)
}

/// Whether `text` is a function, `(a, b) => body`, as `[functions]`
/// declares one.
pub(crate) fn is_function(text: &str) -> bool {
    ExprParser::parse(Rule::function, text).is_ok()
}

/// A function written where an expression is wanted: the whole string.
fn function_as_value(origin: &Origin) -> Diagnostic {
    Diagnostic::new(
        "a function where a value is wanted: functions are declared in [functions]",
        origin.whole,
    )
    .with_help("declare it in [functions] (`NAME = \"(k) => k + 1\"`) and call it here: `NAME(3)`")
}

/// Parses `(a, b) => body`; returns the parameter names and the body.
pub(crate) fn parse_function(text: &str, origin: Origin) -> Result<(Vec<Name>, Expr), Diagnostic> {
    let origin = &origin;
    check_size(text, origin)?;
    no_reverse_arrow(text, origin)?;
    pest::set_error_detail(true);
    let mut pairs =
        ExprParser::parse(Rule::function, text).map_err(|e| syntax_error(e, origin, text))?;
    let mut params = Vec::new();
    let mut body = None;
    for pair in pairs.next().expect("function rule").into_inner() {
        match pair.as_rule() {
            Rule::ident => params.push(name(&pair, origin)),
            Rule::expr => body = Some(build(pair, origin)?),
            _ => {}
        }
    }
    Ok((params, body.expect("function body")))
}

fn name(pair: &Pair<'_, Rule>, origin: &Origin) -> Name {
    let s = pair.as_span();
    Name {
        text: pair.as_str().to_string(),
        span: origin.span(s.start(), s.end()),
    }
}

fn build(pair: Pair<'_, Rule>, origin: &Origin) -> Result<Expr, Diagnostic> {
    debug_assert_eq!(pair.as_rule(), Rule::expr);
    build_pairs(pair.into_inner(), origin)
}

fn build_pairs(pairs: Pairs<'_, Rule>, origin: &Origin) -> Result<Expr, Diagnostic> {
    PRATT
        .map_primary(|p| primary(p, origin))
        .map_prefix(|op, rhs| {
            let rhs = rhs?;
            let s = op.as_span();
            let span = origin.span(s.start(), s.end()).to(rhs.span);
            let op = match op.as_rule() {
                Rule::neg => UnaryOp::Neg,
                _ => UnaryOp::Not,
            };
            Ok(Expr {
                kind: ExprKind::Unary(op, Box::new(rhs)),
                span,
            })
        })
        .map_postfix(|lhs, op| {
            let lhs = lhs?;
            let s = op.as_span();
            let span = lhs.span.to(origin.span(s.start(), s.end()));
            let index = build(op.into_inner().next().expect("index expr"), origin)?;
            Ok(Expr {
                kind: ExprKind::Index(Box::new(lhs), Box::new(index)),
                span,
            })
        })
        .map_infix(|lhs, op_pair, rhs| {
            let (lhs, rhs) = (lhs?, rhs?);
            let op = match op_pair.as_rule() {
                Rule::iff => BinaryOp::Iff,
                Rule::implies => BinaryOp::Implies,
                Rule::or => BinaryOp::Or,
                Rule::and => BinaryOp::And,
                Rule::eq => BinaryOp::Eq,
                Rule::ne => BinaryOp::Ne,
                Rule::lt => BinaryOp::Lt,
                Rule::le => BinaryOp::Le,
                Rule::gt => BinaryOp::Gt,
                Rule::ge => BinaryOp::Ge,
                Rule::member => BinaryOp::In,
                Rule::range => BinaryOp::Range,
                Rule::add => BinaryOp::Add,
                Rule::sub => BinaryOp::Sub,
                Rule::mul => BinaryOp::Mul,
                Rule::div => BinaryOp::Div,
                Rule::concat => BinaryOp::Concat,
                Rule::pow => BinaryOp::Pow,
                _ => BinaryOp::Rem,
            };
            if op.is_comparison()
                && matches!(&lhs.kind, ExprKind::Binary(inner, ..) if inner.is_comparison())
                && !parenthesized(&lhs, op_pair.as_span().get_input(), origin)
            {
                return Err(Diagnostic::new(
                    "comparison operators cannot be chained",
                    lhs.span.to(rhs.span),
                )
                .with_help("write `a < b and b < c`, or add parentheses"));
            }
            let span = lhs.span.to(rhs.span);
            Ok(Expr {
                kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
                span,
            })
        })
        .parse(pairs)
}

/// Was `e` written in parentheses? (Its span excludes them: look after it.)
fn parenthesized(e: &Expr, input: &str, origin: &Origin) -> bool {
    let Some(base) = origin.content_start else {
        return true; // Positions are not exact: do not guess.
    };
    input
        .get(e.span.end - base..)
        .is_some_and(|rest| rest.trim_start().starts_with(')'))
}

fn exprs(pair: Pair<'_, Rule>, origin: &Origin) -> Result<Vec<Expr>, Diagnostic> {
    pair.into_inner()
        .filter(|p| p.as_rule() == Rule::expr)
        .map(|p| build(p, origin))
        .collect()
}

fn clauses(pair: Pair<'_, Rule>, origin: &Origin) -> Result<Vec<Clause>, Diagnostic> {
    let mut out = Vec::new();
    for clause in pair.into_inner() {
        match clause.as_rule() {
            Rule::for_clause => {
                let mut inner = clause
                    .into_inner()
                    .filter(|p| matches!(p.as_rule(), Rule::ident | Rule::expr));
                let var = name(&inner.next().expect("for variable"), origin);
                let source = build(inner.next().expect("for source"), origin)?;
                out.push(Clause::For(var, source));
            }
            Rule::if_clause => {
                let cond = clause
                    .into_inner()
                    .find(|p| p.as_rule() == Rule::expr)
                    .expect("if condition");
                out.push(Clause::If(build(cond, origin)?));
            }
            _ => unreachable!("clauses hold only for and if"),
        }
    }
    Ok(out)
}

fn primary(pair: Pair<'_, Rule>, origin: &Origin) -> Result<Expr, Diagnostic> {
    let s = pair.as_span();
    let span = origin.span(s.start(), s.end());
    let kind = match pair.as_rule() {
        Rule::expr => return build(pair, origin),
        Rule::int => ExprKind::Int(
            pair.as_str()
                .parse()
                .map_err(|_| Diagnostic::new("integer literal is too large for 64 bits", span))?,
        ),
        Rule::boolean => ExprKind::Bool(pair.as_str() == "true"),
        Rule::string => ExprKind::Str(pair.into_inner().as_str().to_string()),
        Rule::ident => ExprKind::Name(pair.as_str().to_string()),
        Rule::conditional => {
            let mut parts = exprs(pair, origin)?.into_iter();
            let (c, t, e) = (
                parts.next().expect("condition"),
                parts.next().expect("then"),
                parts.next().expect("else"),
            );
            ExprKind::If(Box::new(c), Box::new(t), Box::new(e))
        }
        Rule::call => {
            let mut inner = pair.into_inner();
            let callee = name(&inner.next().expect("callee"), origin);
            ExprKind::Call(callee, items(inner, origin)?)
        }
        Rule::list => {
            let comprehension = has_clauses(&pair);
            let mut items = items(pair.into_inner(), origin)?;
            match items.pop() {
                // `[head for ...]`: the comprehension spans the brackets.
                Some(only) if comprehension => return Ok(Expr { span, ..only }),
                last => {
                    items.extend(last);
                    ExprKind::List(items)
                }
            }
        }
        Rule::set => ExprKind::Set(exprs(pair, origin)?),
        rule => unreachable!("unexpected primary {rule:?}"),
    };
    Ok(Expr { kind, span })
}

/// The items of a call or a list: expressions, or one expression followed
/// by `for` clauses, which make one generator (a comprehension node).
fn items(pairs: Pairs<'_, Rule>, origin: &Origin) -> Result<Vec<Expr>, Diagnostic> {
    let mut out: Vec<Expr> = Vec::new();
    for pair in pairs {
        match pair.as_rule() {
            Rule::expr => out.push(build(pair, origin)?),
            Rule::clauses => {
                let head = out.pop().expect("a generator's head comes first");
                let s = pair.as_span();
                let span = head.span.to(origin.span(s.start(), s.end()));
                let clauses = clauses(pair, origin)?;
                out.push(Expr {
                    kind: ExprKind::Comprehension(Box::new(head), clauses),
                    span,
                });
            }
            _ => {}
        }
    }
    Ok(out)
}

fn has_clauses(pair: &Pair<'_, Rule>) -> bool {
    pair.clone()
        .into_inner()
        .any(|p| p.as_rule() == Rule::clauses)
}

fn syntax_error(error: pest::error::Error<Rule>, origin: &Origin, text: &str) -> Diagnostic {
    let (start, end) = match error.location {
        pest::error::InputLocation::Pos(p) => (p, p + 1),
        pest::error::InputLocation::Span((s, e)) => (s, e.max(s + 1)),
    };
    let mut expected: Vec<String> = Vec::new();
    let mut push = |s: String| {
        if !expected.contains(&s) {
            expected.push(s);
        }
    };
    if let Some(attempts) = error.parse_attempts() {
        for token in attempts.expected_tokens() {
            let token = token.to_string();
            // Ranges such as `0..9` and builtin rules are covered by rule names.
            let noise = token.trim().is_empty() || token == "BUILTIN_RULE";
            if !noise && (!token.contains("..") || token == "..") {
                push(if OPERATORS.contains(&token.as_str()) {
                    "an operator".to_string()
                } else if matches!(
                    token.as_str(),
                    "(" | "{" | "'" | "true" | "false" | "if" | "_" | "not"
                ) {
                    "an expression".to_string()
                } else {
                    format!("`{token}`")
                });
            }
        }
    }
    if let pest::error::ErrorVariant::ParsingError { positives, .. } = &error.variant {
        for rule in positives {
            push(friendly(*rule).to_string());
        }
    }
    // A name and an integer are expressions: say it once.
    if expected.iter().any(|e| e == "an expression") {
        expected.retain(|e| e != "a name" && e != "an integer");
    }
    expected.sort();
    let found = match text.get(start..).and_then(|rest| rest.chars().next()) {
        None => "the end of the expression".to_string(),
        Some(c) => format!("`{c}`"),
    };
    let message = if expected.is_empty() {
        format!("syntax error in expression: unexpected {found}")
    } else {
        format!(
            "syntax error in expression: expected {}, found {found}",
            expected.join(" or ")
        )
    };
    let mut span = origin.span(start, end);
    // A position past the end of the string points at the closing quote.
    if origin.content_start.is_some() && span.end > origin.whole.end {
        span = Span::new(span.source, origin.whole.end - 1, origin.whole.end);
    }
    let d = Diagnostic::new(message, span);
    match habit(text, start) {
        Some(help) => d.with_help(help),
        None => d,
    }
}

const OPERATORS: [&str; 20] = [
    "+", "-", "*", "/", "%", "==", "!=", "<=", ">=", "<", ">", "..", "<->", "->", "and", "or",
    "in", "[", "++", "^",
];

fn friendly(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of expression",
        Rule::expr | Rule::primary => "an expression",
        Rule::ident => "a name",
        Rule::int => "an integer",
        Rule::index => "`[`",
        Rule::iff
        | Rule::implies
        | Rule::or
        | Rule::and
        | Rule::eq
        | Rule::ne
        | Rule::le
        | Rule::ge
        | Rule::lt
        | Rule::gt
        | Rule::member
        | Rule::range
        | Rule::add
        | Rule::sub
        | Rule::mul
        | Rule::div
        | Rule::rem => "an operator",
        Rule::not | Rule::neg => "an expression",
        Rule::clauses | Rule::for_clause => "`for`",
        Rule::if_clause => "`if`",
        Rule::function => "`(params) => expression`",
        _ => "an expression",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceId;

    fn parse(text: &str) -> Expr {
        let origin = Origin::exact(Span::new(SourceId(0), 0, text.len() + 2), 1);
        parse_expr(text, origin).unwrap()
    }

    fn show(e: &Expr) -> String {
        match &e.kind {
            ExprKind::Int(i) => i.to_string(),
            ExprKind::Bool(b) => b.to_string(),
            ExprKind::Str(s) => format!("'{s}'"),
            ExprKind::Name(n) => n.clone(),
            ExprKind::Unary(UnaryOp::Neg, x) => format!("(-{})", show(x)),
            ExprKind::Unary(UnaryOp::Not, x) => format!("(not {})", show(x)),
            ExprKind::Binary(op, a, b) => format!("({} {} {})", show(a), op.symbol(), show(b)),
            ExprKind::If(c, t, f) => format!("(if {} then {} else {})", show(c), show(t), show(f)),
            ExprKind::Index(a, i) => format!("{}[{}]", show(a), show(i)),
            ExprKind::Call(f, args) => format!(
                "{}({})",
                f.text,
                args.iter().map(show).collect::<Vec<_>>().join(", ")
            ),
            ExprKind::List(xs) => {
                format!("[{}]", xs.iter().map(show).collect::<Vec<_>>().join(", "))
            }
            ExprKind::Set(xs) => {
                format!("{{{}}}", xs.iter().map(show).collect::<Vec<_>>().join(", "))
            }
            ExprKind::Comprehension(h, cs) => {
                let mut s = format!("[{}", show(h));
                for c in cs {
                    match c {
                        Clause::For(n, src) => s += &format!(" for {} in {}", n.text, show(src)),
                        Clause::If(c) => s += &format!(" if {}", show(c)),
                    }
                }
                s + "]"
            }
        }
    }

    #[test]
    fn precedence() {
        assert_eq!(show(&parse("a + b * c == d")), "((a + (b * c)) == d)");
        assert_eq!(show(&parse("0..n-1")), "(0 .. (n - 1))");
        assert_eq!(show(&parse("not a == b and c")), "((not (a == b)) and c)");
        assert_eq!(show(&parse("a -> b -> c")), "(a -> (b -> c))");
        assert_eq!(show(&parse("a <-> b or c")), "(a <-> (b or c))");
        assert_eq!(show(&parse("-x[i][j]")), "(-x[i][j])");
        assert_eq!(show(&parse("x in {1, 3}")), "(x in {1, 3})");
        assert_eq!(show(&parse("android + order")), "(android + order)");
        assert_eq!(show(&parse("(a < b) == c")), "((a < b) == c)");
    }

    #[test]
    fn comparisons_do_not_chain() {
        let origin = Origin::exact(Span::new(SourceId(0), 0, 11), 1);
        let d = parse_expr("1 < x < 3", origin).unwrap_err();
        assert_eq!(d.message, "comparison operators cannot be chained");
    }

    #[test]
    fn comprehensions_and_calls() {
        assert_eq!(
            show(&parse("alldifferent(q[c] + c for c in 0..n-1)")),
            "alldifferent([(q[c] + c) for c in (0 .. (n - 1))])"
        );
        assert_eq!(
            show(&parse(
                "[a[i] == g[j] for i in 0..3 for j in 0..3 if i != j]"
            )),
            "[(a[i] == g[j]) for i in (0 .. 3) for j in (0 .. 3) if (i != j)]"
        );
        assert_eq!(
            show(&parse("if x then 'Q' else '.'")),
            "(if x then 'Q' else '.')"
        );
        assert_eq!(show(&parse("max(a, b)")), "max(a, b)");
        assert_eq!(show(&parse("f()")), "f()");
    }

    #[test]
    fn spans_are_rebased() {
        let e = parse("a + bb");
        let ExprKind::Binary(_, _, b) = e.kind else {
            panic!()
        };
        assert_eq!((b.span.start, b.span.end), (5, 7));
    }

    #[test]
    fn syntax_errors_point_inside_the_string() {
        let origin = Origin::exact(Span::new(SourceId(0), 10, 19), 11);
        let d = parse_expr("a + * b", origin).unwrap_err();
        assert!(d.message.starts_with("syntax error"), "{}", d.message);
        assert_eq!(d.span.unwrap().start, 15);
    }
}
