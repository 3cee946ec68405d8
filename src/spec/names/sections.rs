//! The names of the extensions' sections: `[puzzle]` and `[moves]` (the
//! state's names, each move's parameters) and `[game]` (the answer
//! function's two parameters, `show`'s `answer`).

use super::*;

/// `[puzzle]` and `[moves]` come together; the goal, the heuristic and the
/// moves see everything, a move also its parameters; `next` names declared
/// variables (not aliases: the state is the declared variables).
pub(super) fn check_puzzle(scope: &mut Scope, spec: &Spec) {
    match (&spec.puzzle, spec.moves.first()) {
        (Some(p), None) => scope.errors.push(
            Diagnostic::new("a [puzzle] needs moves", p.span)
                .with_help("add a `[moves.NAME]` table with `next = { VAR = \"EXPR\" }`"),
        ),
        (None, Some(m)) => scope.errors.push(
            Diagnostic::new("[moves] need a [puzzle] section (its goal)", m.name.span)
                .with_help("add `[puzzle]` with `goal = \"CONDITION\"`"),
        ),
        _ => {}
    }
    if let (Some(p), Some(_)) = (&spec.puzzle, &spec.game) {
        scope.errors.push(Diagnostic::new(
            "a spec is either a [game] or a [puzzle] of moves, not both",
            p.span,
        ));
    }
    if spec.puzzle.is_some() {
        for v in spec.vars.iter().filter(|v| v.derived) {
            scope.errors.push(
                Diagnostic::new(
                    format!("`{}` is defined by an expression, and a puzzle's state is its declared variables", v.name.text),
                    v.name.span,
                )
                .with_help("in a [puzzle] spec, write the expression where it is used, or as a function of the state"),
            );
        }
    }
    if let Some(p) = &spec.puzzle {
        scope.expr(&p.goal);
        if let Some(h) = &p.heuristic {
            scope.expr(h);
        }
    }
    let declared: Vec<&str> = spec.vars.iter().map(|v| v.name.text.as_str()).collect();
    for m in &spec.moves {
        scope.locals.clear();
        for (name, range) in &m.params {
            scope.expr(range);
            if scope.locals.contains(&name.text) {
                scope.errors.push(Diagnostic::new(
                    format!("parameter `{}` appears twice", name.text),
                    name.span,
                ));
            }
            scope.locals.push(name.text.clone());
        }
        for e in m.when.iter().chain(&m.cost) {
            scope.expr(e);
        }
        for (i, a) in m.next.iter().enumerate() {
            let name = &a.name;
            // A whole variable is given once, and not beside its elements
            // (two elements' indices are compared when they are known).
            let twice = m.next[..i]
                .iter()
                .any(|b| b.name.text == name.text && (a.index.is_empty() || b.index.is_empty()));
            if !declared.contains(&name.text.as_str()) {
                scope.unknown(name, "variable", declared.iter().copied());
            } else if twice {
                scope.errors.push(Diagnostic::new(
                    format!("`{}` is given twice in `next`", name.text),
                    name.span,
                ));
            }
            for e in a.index.iter().chain([&a.value]) {
                scope.expr(e);
            }
        }
        for part in m.show.iter().flatten() {
            if let TemplatePart::Expr(e) = part {
                scope.expr(e);
            }
        }
        scope.locals.clear();
    }
}

/// A game's answer is a function of the secret and the guess alone, so that
/// it can be evaluated for any pair of codes: it and the `show` template
/// see params and the functions that read no variable (directly or through
/// an earlier function), plus their own parameters (`answer` in `show`).
pub(super) fn check_game(scope: &mut Scope, spec: &Spec, game: &GameDecl) {
    let mut reading: HashSet<&str> = HashSet::new();
    for f in &spec.functions {
        let mut reads = false;
        f.body.visit_names(&mut |n| {
            let local = f.params.iter().any(|p| p.text == n);
            reads |= !local && (scope.globals.get(n) == Some(&Kind::Var) || reading.contains(n));
        });
        if reads {
            let _ = reading.insert(&f.name.text);
        }
    }
    let globals: HashMap<String, Kind> = scope
        .globals
        .iter()
        .filter(|(n, k)| **k != Kind::Var && !reading.contains(n.as_str()))
        .map(|(n, k)| (n.clone(), *k))
        .collect();
    let mut inner = Scope {
        globals,
        everything: scope.everything.clone(),
        locals: Vec::new(),
        errors: Vec::new(),
        in_game: true,
        in_params: false,
    };
    let params = &game.answer.params;
    for (i, p) in params.iter().enumerate() {
        if params[..i].iter().any(|q| q.text == p.text) {
            inner.errors.push(Diagnostic::new(
                format!("parameter `{}` appears twice", p.text),
                p.span,
            ));
        }
    }
    inner.locals = params.iter().map(|p| p.text.clone()).collect();
    inner.expr(&game.answer.body);
    inner.locals = vec!["answer".to_string()];
    for part in game.show.iter().flatten() {
        if let TemplatePart::Expr(e) = part {
            inner.expr(e);
        }
    }
    scope.errors.append(&mut inner.errors);
}
