//! The lowering context, changed only for the length of a call: which
//! constraint and item is being lowered (recorded on everything posted),
//! whether what is posted defines an auxiliary variable, that
//! constraint's own consistency level, and the local names. Nothing sets
//! these fields by hand: [`Lowerer::scoped`] sets what a [`Scope`] says,
//! runs the body and restores them, on success and on error alike.

use super::Lowerer;
use super::value::Value;
use crate::model::plan::Consistency;

/// What to change in the lowering context for one call; unset fields
/// keep their values.
#[derive(Debug, Default)]
#[must_use]
pub struct Scope {
    origin: Option<String>,
    item: Option<String>,
    defining: Option<bool>,
    consistency: Option<Option<Consistency>>,
    locals: Option<Vec<(String, Value)>>,
}

impl Scope {
    /// A named constraint (or a declaration, `objective`, `game`, ...) of
    /// its own: the name, no item, no consistency level of its own.
    pub fn origin(name: impl Into<String>) -> Scope {
        Scope {
            origin: Some(name.into()),
            item: Some(String::new()),
            consistency: Some(None),
            ..Scope::default()
        }
    }

    /// Only what [`Scope::item`], [`Scope::defining`], ... set.
    pub fn keep() -> Scope {
        Scope::default()
    }

    /// Which item of the constraint (`[i=2]`, see `Posted::item`).
    pub fn item(mut self, item: impl Into<String>) -> Scope {
        self.item = Some(item.into());
        self
    }

    /// Whether what is posted defines an auxiliary variable (value
    /// context) or must hold (the root).
    pub fn defining(mut self, defining: bool) -> Scope {
        self.defining = Some(defining);
        self
    }

    /// The constraint's own consistency level.
    pub fn consistency(mut self, level: Option<Consistency>) -> Scope {
        self.consistency = Some(level);
        self
    }

    /// The local names in scope, replacing the caller's (a function body
    /// sees its parameters and the globals, never its caller's locals).
    pub fn locals(mut self, locals: Vec<(String, Value)>) -> Scope {
        self.locals = Some(locals);
        self
    }
}

impl Lowerer {
    /// Runs `body` in the context `scope` says, then restores the context.
    pub fn scoped<T>(&mut self, scope: Scope, body: impl FnOnce(&mut Lowerer) -> T) -> T {
        let saved = self.enter(scope);
        let result = body(self);
        let _ = self.enter(saved);
        result
    }

    /// Runs `body` in value context (`true`: what it posts defines
    /// auxiliary variables) or at the root (`false`), then restores the
    /// context: [`Lowerer::scoped`] with only [`Scope::defining`], for
    /// the evaluator's hottest path (every expression evaluated).
    pub fn with_defining<T>(&mut self, defining: bool, body: impl FnOnce(&mut Lowerer) -> T) -> T {
        let outer = std::mem::replace(&mut self.defining, defining);
        let result = body(self);
        self.defining = outer;
        result
    }

    /// Sets what `scope` sets; returns the values it replaced.
    fn enter(&mut self, scope: Scope) -> Scope {
        Scope {
            origin: scope.origin.map(|v| std::mem::replace(&mut self.origin, v)),
            item: scope.item.map(|v| std::mem::replace(&mut self.item, v)),
            defining: scope
                .defining
                .map(|v| std::mem::replace(&mut self.defining, v)),
            consistency: scope
                .consistency
                .map(|v| std::mem::replace(&mut self.consistency, v)),
            locals: scope.locals.map(|v| std::mem::replace(&mut self.locals, v)),
        }
    }
}
