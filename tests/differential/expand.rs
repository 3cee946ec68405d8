//! Function expansion: a call's body with the arguments substituted for the
//! parameters (function bodies hold no generators).

use super::ast::{Bool, Int, List};

pub(super) fn subst_int(e: &Int, args: &[Int]) -> Int {
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

pub(super) fn subst_bool(e: &Bool, args: &[Int]) -> Bool {
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
        Bool::Circuit(sub, l) => Bool::Circuit(*sub, subst_list(l, args)),
        Bool::Regular(l, t, s, a, whole) => {
            Bool::Regular(subst_list(l, args), t.clone(), *s, a.clone(), *whole)
        }
        Bool::AllDiffExcept(xs, except) => {
            Bool::AllDiffExcept(xs.iter().map(i).collect(), except.clone())
        }
        Bool::Member(xs, y) => Bool::Member(xs.iter().map(i).collect(), i(y)),
        Bool::Nonogram(l, clue) => Bool::Nonogram(subst_list(l, args), clue.clone()),
        Bool::Schedule(s, d, resource, strict) => Bool::Schedule(
            s.iter().map(i).collect(),
            d.clone(),
            resource.clone(),
            *strict,
        ),
        Bool::Connected(xs, edges, links) => Bool::Connected(
            xs.iter().map(i).collect(),
            edges.clone(),
            links.as_ref().map(|ls| ls.iter().map(i).collect()),
        ),
        Bool::Way(es, edges, ends) => Bool::Way(es.iter().map(i).collect(), edges.clone(), *ends),
        Bool::ListEq(e, x, y) => Bool::ListEq(*e, subst_list(x, args), subst_list(y, args)),
        Bool::QuantList(f, xs) => {
            Bool::QuantList(*f, xs.iter().map(|x| subst_bool(x, args)).collect())
        }
        Bool::AllDiffGen(..) | Bool::Quant(..) | Bool::Call(..) => {
            unreachable!("function bodies hold no generators and no calls")
        }
    }
}
