//! The arithmetic functions `z == f(...)`: a product, a quotient and a
//! remainder (truncating toward zero, as MiniZinc's `div` and `mod`),
//! `abs` and `max` (min is max over negated views). Each propagator
//! reasons on bounds (see [`Primitive::bounds_only`]): at `domain`,
//! `lower::cages` gives a small item a table of its combinations.

use super::Primitive;
use super::known::{Known, Step, output};
use super::text::{MiniZincNames, SpecNames};
use crate::engine::propagator::Propagator;
use crate::engine::propagators::arithmetic;
use crate::engine::store::Conflict;
use crate::vocab::{Consistency, VarId, View};

fn val(values: &[i64], v: View) -> i64 {
    v.value(values[v.var.index()])
}

/// What every arithmetic kind shares: `domain` (a cage's table) but not
/// `early`, bounds reasoning, and `z == text` as its spec and definition.
macro_rules! function_kind {
    () => {
        fn supports(&self, level: Consistency) -> bool {
            level != Consistency::Early
        }

        fn bounds_only(&self) -> bool {
            true
        }

        fn spec(&self, names: &dyn SpecNames) -> String {
            format!("{} == {}", names.view(self.z), self.spec_text(names))
        }
    };
}

/// A binary operation `z == x op y`.
macro_rules! binary_kind {
    ($kind:ident, $doc:literal, $name:literal, $op:literal, $apply:expr, $propagator:expr, $minizinc:expr) => {
        #[doc = $doc]
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct $kind {
            pub x: View,
            pub y: View,
            pub z: View,
        }

        impl $kind {
            fn spec_text(&self, names: &dyn SpecNames) -> String {
                format!("({} {} {})", names.view(self.x), $op, names.view(self.y))
            }
        }

        impl Primitive for $kind {
            function_kind!();

            fn kind(&self) -> &'static str {
                $name
            }

            fn vars(&self) -> Vec<VarId> {
                vec![self.x.var, self.y.var, self.z.var]
            }

            fn size(&self) -> usize {
                3
            }

            fn holds(&self, values: &[i64]) -> bool {
                let apply: fn(i64, i64) -> Option<i64> = $apply;
                apply(val(values, self.x), val(values, self.y)) == Some(val(values, self.z))
            }

            fn infer(&self, k: &mut Known<'_>) -> Step {
                let apply: fn(i64, i64) -> Option<i64> = $apply;
                match (k.view(self.x), k.view(self.y)) {
                    (Some(a), Some(b)) => match apply(a, b) {
                        Some(r) => k.set_view(self.z, r),
                        None => Step::Violated,
                    },
                    // No quotient by 0, whatever x is.
                    (_, Some(0)) if apply(0, 0).is_none() => Step::Violated,
                    _ => Step::Waiting,
                }
            }

            fn ready(&self, known: &[bool]) -> Option<Option<VarId>> {
                let ins = known[self.x.var.index()] && known[self.y.var.index()];
                output(ins, self.z.var, known)
            }

            fn propagator(
                &self,
                _level: Consistency,
            ) -> Result<Option<Box<dyn Propagator>>, Conflict> {
                let create: fn(View, View, View) -> Box<dyn Propagator> = $propagator;
                Ok(Some(create(self.x, self.y, self.z)))
            }

            fn spec_definition(&self, names: &dyn SpecNames) -> Option<(VarId, String, bool)> {
                names.function_definition(self.z, self.spec_text(names), false)
            }

            fn minizinc(&self, names: &dyn MiniZincNames) -> String {
                let write: fn(String, String, String) -> String = $minizinc;
                write(names.view(self.x), names.view(self.y), names.view(self.z))
            }
        }
    };
}

binary_kind!(
    Times,
    "`z == x * y`.",
    "a product",
    "*",
    |a, b| a.checked_mul(b),
    |x, y, z| Box::new(arithmetic::Times { x, y, z }),
    |x, y, z| format!("{z} = {x} * {y}")
);

binary_kind!(
    Div,
    "`z == x / y`, rounding toward zero; `y != 0`.",
    "a division",
    "/",
    |a, b| if b == 0 { None } else { a.checked_div(b) },
    |x, y, z| Box::new(arithmetic::DivRem::new(x, y, z, false)),
    |x, y, z| format!("{y} != 0 /\\ {z} = {x} div {y}")
);

binary_kind!(
    Rem,
    "`z == x % y`, with the sign of `x`; `y != 0`.",
    "a remainder",
    "%",
    |a, b| if b == 0 { None } else { a.checked_rem(b) },
    |x, y, z| Box::new(arithmetic::DivRem::new(x, y, z, true)),
    |x, y, z| format!("{y} != 0 /\\ {z} = {x} mod {y}")
);

/// `z == abs(x)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Abs {
    pub x: View,
    pub z: View,
}

impl Abs {
    fn spec_text(&self, names: &dyn SpecNames) -> String {
        format!("abs({})", names.view(self.x))
    }
}

impl Primitive for Abs {
    function_kind!();

    fn kind(&self) -> &'static str {
        "abs"
    }

    fn vars(&self) -> Vec<VarId> {
        vec![self.x.var, self.z.var]
    }

    fn size(&self) -> usize {
        2
    }

    fn holds(&self, values: &[i64]) -> bool {
        val(values, self.x).abs() == val(values, self.z)
    }

    fn infer(&self, k: &mut Known<'_>) -> Step {
        match k.view(self.x).map(i64::checked_abs) {
            Some(Some(a)) => k.set_view(self.z, a),
            Some(None) => Step::Violated,
            None => Step::Waiting,
        }
    }

    fn ready(&self, known: &[bool]) -> Option<Option<VarId>> {
        output(known[self.x.var.index()], self.z.var, known)
    }

    fn propagator(&self, _level: Consistency) -> Result<Option<Box<dyn Propagator>>, Conflict> {
        Ok(Some(Box::new(arithmetic::Abs {
            x: self.x,
            z: self.z,
        })))
    }

    fn spec_definition(&self, names: &dyn SpecNames) -> Option<(VarId, String, bool)> {
        names.function_definition(self.z, self.spec_text(names), false)
    }

    fn minizinc(&self, names: &dyn MiniZincNames) -> String {
        format!("{} = abs({})", names.view(self.z), names.view(self.x))
    }
}

/// `z == max(xs)` (min is max over negated views).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Max {
    pub xs: Vec<View>,
    pub z: View,
}

impl Max {
    fn spec_text(&self, names: &dyn SpecNames) -> String {
        format!("max({})", names.views(&self.xs))
    }
}

impl Primitive for Max {
    function_kind!();

    fn kind(&self) -> &'static str {
        "max"
    }

    fn vars(&self) -> Vec<VarId> {
        self.xs.iter().map(|v| v.var).chain([self.z.var]).collect()
    }

    fn size(&self) -> usize {
        self.xs.len() + 1
    }

    fn holds(&self, values: &[i64]) -> bool {
        self.xs.iter().map(|&v| val(values, v)).max() == Some(val(values, self.z))
    }

    fn infer(&self, k: &mut Known<'_>) -> Step {
        let mut best = i64::MIN;
        for &x in &self.xs {
            match k.view(x) {
                Some(v) => best = best.max(v),
                None => return Step::Waiting,
            }
        }
        if self.xs.is_empty() {
            return Step::Violated;
        }
        k.set_view(self.z, best)
    }

    fn ready(&self, known: &[bool]) -> Option<Option<VarId>> {
        let ins = self.xs.iter().all(|v| known[v.var.index()]);
        output(ins, self.z.var, known)
    }

    fn propagator(&self, _level: Consistency) -> Result<Option<Box<dyn Propagator>>, Conflict> {
        Ok(Some(Box::new(arithmetic::Max {
            xs: self.xs.clone(),
            z: self.z,
        })))
    }

    /// min(xs) is posted as -max(-xs): a negated result is a definition too.
    fn spec_definition(&self, names: &dyn SpecNames) -> Option<(VarId, String, bool)> {
        names.function_definition(self.z, self.spec_text(names), true)
    }

    fn minizinc(&self, names: &dyn MiniZincNames) -> String {
        format!("{} = max({})", names.view(self.z), names.views(&self.xs))
    }
}
