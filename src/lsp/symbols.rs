//! The names of a spec, resolved: every definition (a param, a variable
//! or one of its aliases, a function, a function's parameter, a generator
//! variable) and every use of a name in an expression, each tied to its
//! definition by the same walk as the name checker's (`spec::walk`: a
//! function's parameters in its body, a generator's variable in the
//! clauses after it and the head; locals shadow globals). Go to definition, references,
//! rename, hover, semantic tokens and the unused-name lint all read it.

use solve::source::Span;
use solve::spec::ast::{ClueSource, Expr, Spec, TemplatePart};
use solve::spec::builtins;
use solve::spec::origin::Name;
use solve::spec::walk::{Visit, walk};

/// What a name is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Param,
    Var,
    Function,
    Parameter,
    Generator,
}

#[derive(Clone, Debug)]
pub(super) struct Def {
    pub(super) name: String,
    pub(super) kind: Kind,
    /// The name where it is defined.
    pub(super) span: Span,
    /// For a function's parameter, the function's name.
    pub(super) owner: Option<String>,
}

/// A name used in an expression: its definition, or a builtin, or
/// neither (a mistake the checker reports).
#[derive(Clone, Debug)]
pub(super) struct Use {
    pub(super) span: Span,
    pub(super) name: String,
    pub(super) def: Option<usize>,
    pub(super) builtin: bool,
}

#[derive(Debug, Default)]
pub(super) struct Symbols {
    pub(super) defs: Vec<Def>,
    pub(super) uses: Vec<Use>,
    /// The span of every expression written in the spec (its strings).
    pub(super) roots: Vec<Span>,
}

impl Symbols {
    pub(super) fn of(spec: &Spec) -> Symbols {
        let mut s = Symbols::default();
        let mut globals = Vec::new();
        for p in &spec.params {
            globals.push(s.define(&p.name.text, Kind::Param, p.name.span, None));
        }
        for v in &spec.vars {
            for n in std::iter::once(&v.name).chain(&v.aliases) {
                globals.push(s.define(&n.text, Kind::Var, n.span, None));
            }
        }
        for f in &spec.functions {
            globals.push(s.define(&f.name.text, Kind::Function, f.name.span, None));
        }
        let mut walk = Walk {
            symbols: &mut s,
            globals,
            locals: Vec::new(),
        };
        for p in &spec.params {
            walk.root(&p.value);
            p.index.iter().for_each(|e| walk.root(e));
        }
        for v in &spec.vars {
            if !v.is_boolean() {
                walk.root(&v.domain);
            }
            v.index.iter().for_each(|e| walk.root(e));
        }
        for f in &spec.functions {
            for p in &f.params {
                let def = walk
                    .symbols
                    .define(&p.text, Kind::Parameter, p.span, Some(&f.name.text));
                walk.locals.push(def);
            }
            walk.root(&f.body);
            walk.locals.clear();
        }
        for c in &spec.constraints {
            walk.root(&c.expr);
        }
        for sym in &spec.symmetries {
            walk.root(&sym.expr);
        }
        if let Some(objective) = &spec.objective {
            walk.root(&objective.expr);
        }
        for part in spec.output.template.iter().flatten() {
            if let TemplatePart::Expr(e) = part {
                walk.root(e);
            }
        }
        for e in spec.output.board.iter().flat_map(|b| b.exprs()) {
            walk.root(e);
        }
        if let Some(game) = &spec.game {
            walk.root(&game.code);
            walk.root(&game.win);
            if let Some(opening) = &game.opening {
                walk.root(opening);
            }
        }
        if let Some(ClueSource::Derive(derive)) = spec.generate.as_ref().map(|g| &g.source) {
            walk.root(derive);
        }
        s
    }

    fn define(&mut self, name: &str, kind: Kind, span: Span, owner: Option<&str>) -> usize {
        self.defs.push(Def {
            name: name.to_string(),
            kind,
            span,
            owner: owner.map(str::to_string),
        });
        self.defs.len() - 1
    }

    /// The definition at byte `offset`, named there or used there.
    pub(super) fn def_at(&self, offset: usize) -> Option<usize> {
        let within = |s: &Span| s.start <= offset && offset <= s.end;
        self.uses
            .iter()
            .find(|u| within(&u.span))
            .and_then(|u| u.def)
            .or_else(|| self.defs.iter().position(|d| within(&d.span)))
    }

    /// The use at byte `offset`.
    pub(super) fn use_at(&self, offset: usize) -> Option<&Use> {
        self.uses
            .iter()
            .find(|u| u.span.start <= offset && offset <= u.span.end)
    }

    /// Every span naming definition `def`: where it is defined, then its
    /// uses.
    pub(super) fn occurrences(&self, def: usize) -> Vec<Span> {
        std::iter::once(self.defs[def].span)
            .chain(
                self.uses
                    .iter()
                    .filter(|u| u.def == Some(def))
                    .map(|u| u.span),
            )
            .collect()
    }
}

struct Walk<'a> {
    symbols: &'a mut Symbols,
    globals: Vec<usize>,
    /// The locals in scope, innermost last.
    locals: Vec<usize>,
}

impl Walk<'_> {
    fn root(&mut self, e: &Expr) {
        self.symbols.roots.push(e.span);
        walk(self, e);
    }

    fn resolve(&self, name: &str) -> Option<usize> {
        let defs = &self.symbols.defs;
        self.locals
            .iter()
            .rev()
            .chain(self.globals.iter().rev())
            .copied()
            .find(|&d| defs[d].name == name)
    }

    fn used(&mut self, name: &str, span: Span) {
        let def = self.resolve(name);
        let builtin = def.is_none() && builtins::lookup(name).is_some();
        self.symbols.uses.push(Use {
            span,
            name: name.to_string(),
            def,
            builtin,
        });
    }
}

impl Visit for Walk<'_> {
    fn name(&mut self, name: &str, span: Span) {
        self.used(name, span);
    }

    fn call(&mut self, f: &Name, _: usize, _: Span) {
        self.used(&f.text, f.span);
    }

    fn bind(&mut self, name: &Name) {
        let def = (self.symbols).define(&name.text, Kind::Generator, name.span, None);
        self.locals.push(def);
    }

    fn unbind(&mut self, count: usize) {
        self.locals.truncate(self.locals.len() - count);
    }
}
