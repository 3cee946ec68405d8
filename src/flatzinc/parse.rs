//! FlatZinc text to [`FznModel`]: pest for the grammar
//! (`grammar/flatzinc.pest`), then one function per item. A syntax error
//! or a literal out of range is one diagnostic at its line and column.

use super::ast::{
    Annotation, Call, Domain, Expr, ExprKind, FznModel, Goal, ParDecl, ParType, Solve, VarDecl,
};
use crate::diagnostic::Diagnostic;
use crate::source::{SourceId, Span};
use pest::Parser as _;
use pest::iterators::Pair;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/flatzinc.pest"]
struct FlatZincParser;

/// Reads the FlatZinc text of source `source`.
pub fn parse(text: &str, source: SourceId) -> Result<FznModel, Diagnostic> {
    let mut pairs =
        FlatZincParser::parse(Rule::model, text).map_err(|e| syntax_error(&e, text, source))?;
    let reader = Reader { source };
    let model = pairs.next().expect("the grammar's one model");
    let mut params = Vec::new();
    let mut vars = Vec::new();
    let mut constraints = Vec::new();
    let mut solve = None;
    for item in model.into_inner() {
        match item.as_rule() {
            Rule::predicate_item | Rule::EOI => {}
            Rule::par_decl_item => params.push(reader.par_decl(item)?),
            Rule::var_decl_item => vars.push(reader.var_decl(item)?),
            Rule::constraint_item => constraints.push(reader.constraint(item)?),
            Rule::solve_item => solve = Some(reader.solve(item)?),
            other => unreachable!("the grammar's items: {other:?}"),
        }
    }
    Ok(FznModel {
        params,
        vars,
        constraints,
        solve: solve.expect("the grammar ends a model with its solve item"),
    })
}

/// The diagnostic of a pest error: where, and what was expected there.
fn syntax_error(error: &pest::error::Error<Rule>, text: &str, source: SourceId) -> Diagnostic {
    let (start, end) = match error.location {
        pest::error::InputLocation::Pos(p) => (p, p),
        pest::error::InputLocation::Span((a, b)) => (a, b),
    };
    // Point at the whole token that does not fit, not at one character.
    let end = if end > start {
        end
    } else {
        start
            + text[start..]
                .find(|c: char| c.is_whitespace() || ",;()[]{}".contains(c))
                .unwrap_or(text.len() - start)
                .max(usize::from(start < text.len()))
    };
    let expected = match &error.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut words: Vec<&str> = positives.iter().map(|r| describe(*r)).collect();
            words.sort_unstable();
            words.dedup();
            match words.as_slice() {
                [] => "a FlatZinc item".to_string(),
                [one] => (*one).to_string(),
                [init @ .., last] => format!("{} or {last}", init.join(", ")),
            }
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    Diagnostic::new(
        format!("FlatZinc syntax: expected {expected}"),
        Span::new(source, start, end),
    )
}

/// A grammar rule in a message's words.
fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "the end of the file",
        Rule::solve_item | Rule::kw_solve => "`solve`",
        Rule::ident => "a name",
        Rule::int_lit => "an integer",
        Rule::float_lit => "a float",
        Rule::bool_lit => "`true` or `false`",
        Rule::string_lit => "a string",
        Rule::annotations | Rule::annotation => "an annotation (`:: name`)",
        Rule::par_type | Rule::base_par_type | Rule::var_type | Rule::base_var_type => "a type",
        Rule::array_of | Rule::kw_array => "`array`",
        Rule::index_set => "an index set (`1..n`)",
        Rule::kw_var => "`var`",
        Rule::kw_of => "`of`",
        Rule::kw_int => "`int`",
        Rule::kw_constraint | Rule::constraint_item => "`constraint`",
        Rule::predicate_item => "`predicate`",
        Rule::par_decl_item | Rule::var_decl_item => "a declaration",
        Rule::satisfy | Rule::kw_satisfy => "`satisfy`",
        Rule::minimize | Rule::kw_minimize => "`minimize`",
        Rule::maximize | Rule::kw_maximize => "`maximize`",
        Rule::int_range | Rule::float_range => "a range (`1..9`)",
        Rule::int_set => "a set (`{1, 3}`)",
        Rule::array_lit | Rule::ann_array => "an array (`[...]`)",
        Rule::array_access => "an array element (`a[1]`)",
        Rule::comma => "`,`",
        Rule::rparen => "`)`",
        Rule::rbracket => "`]`",
        Rule::semi => "`;`",
        _ => "an expression",
    }
}

/// Reads the items of one source.
struct Reader {
    source: SourceId,
}

/// The parts of `pair`, without its punctuation.
fn parts(pair: Pair<'_, Rule>) -> impl Iterator<Item = Pair<'_, Rule>> {
    pair.into_inner().filter(|p| {
        !matches!(
            p.as_rule(),
            Rule::comma | Rule::rparen | Rule::rbracket | Rule::semi
        )
    })
}

impl Reader {
    fn span(&self, pair: &Pair<'_, Rule>) -> Span {
        let s = pair.as_span();
        Span::new(self.source, s.start(), s.end())
    }

    fn par_decl(&self, item: Pair<'_, Rule>) -> Result<ParDecl, Diagnostic> {
        let span = self.span(&item);
        let mut inner = parts(item);
        let (array, base) = self.type_of(inner.next().expect("a type"))?;
        let ty = match base.into_inner().next().expect("a base type").as_rule() {
            Rule::kw_bool => ParType::Bool,
            Rule::kw_int => ParType::Int,
            Rule::kw_float => ParType::Float,
            _ => ParType::SetOfInt,
        };
        let name = inner.next().expect("a name").as_str().to_string();
        let _annotations = self.annotations(inner.next().expect("annotations"))?;
        let value = self.expr(inner.next().expect("a value"))?;
        Ok(ParDecl {
            name,
            ty,
            array,
            value,
            span,
        })
    }

    fn var_decl(&self, item: Pair<'_, Rule>) -> Result<VarDecl, Diagnostic> {
        let span = self.span(&item);
        let mut inner = parts(item);
        let (array, base) = self.type_of(inner.next().expect("a type"))?;
        let mut base = base.into_inner();
        let _var = base.next();
        let domain = self.domain(base.next().expect("a domain"))?;
        let name = inner.next().expect("a name").as_str().to_string();
        let annotations = self.annotations(inner.next().expect("annotations"))?;
        let value = inner.next().map(|v| self.expr(v)).transpose()?;
        Ok(VarDecl {
            name,
            domain,
            array,
            annotations,
            value,
            span,
        })
    }

    /// A type: its array length if it is an array, and its base type.
    fn type_of<'a>(&self, ty: Pair<'a, Rule>) -> Result<(Option<u64>, Pair<'a, Rule>), Diagnostic> {
        let mut inner = ty.into_inner();
        let first = inner.next().expect("a type");
        if first.as_rule() != Rule::array_of {
            return Ok((None, first));
        }
        let index = first
            .into_inner()
            .find(|p| p.as_rule() == Rule::index_set)
            .expect("an index set");
        let length = match self.ints(index.clone())?.as_slice() {
            [1, n] if *n >= 0 => *n as u64,
            [] => 0,
            _ => {
                return Err(Diagnostic::new(
                    "FlatZinc arrays are indexed from 1: expected `1..n`",
                    self.span(&index),
                ));
            }
        };
        Ok((Some(length), inner.next().expect("the element type")))
    }

    fn domain(&self, domain: Pair<'_, Rule>) -> Result<Domain, Diagnostic> {
        Ok(match domain.as_rule() {
            Rule::var_bool => Domain::Bool,
            Rule::var_int => Domain::Int,
            Rule::var_float | Rule::float_range => Domain::Float,
            Rule::var_set => Domain::SetOfInt,
            Rule::int_range => match self.ints(domain)?.as_slice() {
                [lo, hi] => Domain::Range(*lo, *hi),
                _ => unreachable!("a range has two ends"),
            },
            _ => {
                let mut values = self.ints(domain)?;
                values.sort_unstable();
                values.dedup();
                Domain::Set(values)
            }
        })
    }

    /// The integer literals directly inside `pair`.
    fn ints(&self, pair: Pair<'_, Rule>) -> Result<Vec<i64>, Diagnostic> {
        parts(pair)
            .filter(|p| p.as_rule() == Rule::int_lit)
            .map(|p| self.int(&p))
            .collect()
    }

    fn int(&self, pair: &Pair<'_, Rule>) -> Result<i64, Diagnostic> {
        let text = pair.as_str();
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let magnitude = if let Some(hex) = digits.strip_prefix("0x") {
            i128::from_str_radix(hex, 16)
        } else if let Some(octal) = digits.strip_prefix("0o") {
            i128::from_str_radix(octal, 8)
        } else {
            digits.parse::<i128>()
        };
        magnitude
            .ok()
            .map(|m| if negative { -m } else { m })
            .and_then(|v| i64::try_from(v).ok())
            .ok_or_else(|| {
                Diagnostic::new(
                    format!("the integer {text} is out of range (at most 64 bits, signed)"),
                    self.span(pair),
                )
            })
    }

    fn expr(&self, pair: Pair<'_, Rule>) -> Result<Expr, Diagnostic> {
        let span = self.span(&pair);
        let kind = match pair.as_rule() {
            Rule::bool_lit => ExprKind::Bool(pair.as_str() == "true"),
            Rule::int_lit => ExprKind::Int(self.int(&pair)?),
            Rule::float_lit => ExprKind::Float(
                pair.as_str()
                    .parse()
                    .map_err(|_| Diagnostic::new("this float is out of range", span))?,
            ),
            Rule::float_range => ExprKind::Float(f64::NAN),
            Rule::int_range => match self.ints(pair)?.as_slice() {
                [lo, hi] => ExprKind::Range(*lo, *hi),
                _ => unreachable!("a range has two ends"),
            },
            Rule::int_set => {
                let mut values = self.ints(pair)?;
                values.sort_unstable();
                values.dedup();
                ExprKind::Set(values)
            }
            Rule::string_lit => {
                let quoted = pair.as_str();
                ExprKind::String(quoted[1..quoted.len() - 1].to_string())
            }
            Rule::ident => ExprKind::Name(pair.as_str().to_string()),
            Rule::array_access => {
                let mut inner = parts(pair);
                let name = inner.next().expect("a name").as_str().to_string();
                let index = self.int(&inner.next().expect("an index"))?;
                ExprKind::Element(name, index)
            }
            Rule::array_lit | Rule::ann_array => ExprKind::Array(
                parts(pair)
                    .map(|p| self.expr(p))
                    .collect::<Result<_, _>>()?,
            ),
            // A bare name in an annotation is a name (`x`, `first_fail`).
            Rule::annotation => match self.annotation(pair)? {
                a if a.args.is_empty() => ExprKind::Name(a.name),
                a => ExprKind::Call(a),
            },
            other => unreachable!("the grammar's expressions: {other:?}"),
        };
        Ok(Expr { kind, span })
    }

    fn annotation(&self, pair: Pair<'_, Rule>) -> Result<Annotation, Diagnostic> {
        let span = self.span(&pair);
        let mut inner = parts(pair);
        let name = inner.next().expect("a name").as_str().to_string();
        let args = inner.map(|p| self.expr(p)).collect::<Result<_, _>>()?;
        Ok(Annotation { name, args, span })
    }

    fn annotations(&self, pair: Pair<'_, Rule>) -> Result<Vec<Annotation>, Diagnostic> {
        parts(pair).map(|p| self.annotation(p)).collect()
    }

    fn constraint(&self, item: Pair<'_, Rule>) -> Result<Call, Diagnostic> {
        let span = self.span(&item);
        let mut inner = parts(item).skip(1);
        let name = inner.next().expect("a name").as_str().to_string();
        let mut args = Vec::new();
        let mut annotations = Vec::new();
        for part in inner {
            if part.as_rule() == Rule::annotations {
                annotations = self.annotations(part)?;
            } else {
                args.push(self.expr(part)?);
            }
        }
        Ok(Call {
            name,
            args,
            annotations,
            span,
        })
    }

    fn solve(&self, item: Pair<'_, Rule>) -> Result<Solve, Diagnostic> {
        let span = self.span(&item);
        let mut inner = parts(item).skip(1);
        let annotations = self.annotations(inner.next().expect("annotations"))?;
        let goal = inner.next().expect("a goal");
        let goal = match goal.as_rule() {
            Rule::satisfy => Goal::Satisfy,
            rule => {
                let objective = goal
                    .into_inner()
                    .nth(1)
                    .expect("an objective after the keyword");
                let objective = self.expr(objective)?;
                if rule == Rule::minimize {
                    Goal::Minimize(objective)
                } else {
                    Goal::Maximize(objective)
                }
            }
        };
        Ok(Solve {
            goal,
            annotations,
            span,
        })
    }
}
