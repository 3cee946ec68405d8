//! The lowered model as a spec of this language (`--dump-model`): the
//! declared variables as declared (arrays with their index ranges), one
//! constraint per posted primitive, named after the spec constraint and
//! the item it came from (`diagonals[c=3]`), and the search plan. A
//! reader sees what lowering made of the spec, and `solve` runs the text
//! back to the same solutions.
//!
//! An auxiliary variable is written as what it stands for: a reified
//! comparison or clause (`(q[3] == 2)`), a sum, a product, `abs`, `max`,
//! an element, a quotient; its definition is then not printed. (An
//! element's index and a divisor are within their bounds already, through
//! the stand-in lowering made for them: written back, they raise no guard
//! of their own.) One too long to read inline is declared with `define`;
//! a stand-in for a partial argument (defined by two clauses) is declared
//! with its domain beside the clauses. Variables over texts are written
//! as the numbers underneath (a comment lists the texts).

use crate::constraints::text::SpecNames;
use crate::lowered::Lowered;
use crate::model::plan::{CONSISTENCIES, RESTARTS, Sense, VALUE_ORDERS, VAR_ORDERS};
use crate::model::{IntervalSet, Model, VarId};
use crate::spec::settings::RunSettings;
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

/// An inlined expression longer than this is declared instead.
const MAX_INLINE: usize = 160;

/// The spec text of `lowered` run with `run` (its threads); `source`
/// names the spec in a comment.
pub fn export(lowered: &Lowered, run: &RunSettings, source: &str) -> String {
    let model = lowered.model();
    let mut dump = Dump::new(model);
    let mut out = String::new();
    let aux = model.vars.iter().filter(|v| v.aux).count();
    let _ = writeln!(
        out,
        "# The lowered model of {source}: {} declared and {}, {}.",
        model.vars.len() - aux,
        crate::diagnostic::counted_as(aux as u64, "auxiliary variable", "auxiliary variables"),
        crate::diagnostic::counted(model.constraints.len() as u64, "constraint")
    );
    if lowered.puzzle.is_some() {
        out.push_str(
            "# The constraints of one position: [puzzle] and [moves] are not part of it.\n",
        );
    }
    out.push_str("# `solve` runs this text back to the same solutions.\n\n[vars]\n");
    out.push_str(&dump.declarations());
    out.push_str("\n[constraints]\n");
    out.push_str(&dump.constraints());
    out.push_str(&search(lowered, run, &dump));
    if let Some(objective) = lowered.plan.objective {
        let sense = match objective.sense {
            Sense::Minimize => "minimize",
            Sense::Maximize => "maximize",
        };
        let _ = writeln!(
            out,
            "\n[objective]\n{sense} = {}",
            toml_string(&dump.var(objective.var))
        );
    }
    out
}

/// How each variable is written.
struct Dump<'a> {
    model: &'a Model,
    /// A declared variable's reference (`q[3]`), or an auxiliary one's name.
    names: Vec<String>,
    /// For an inlined auxiliary variable: what it stands for, and whether
    /// that is a boolean.
    inline: Vec<Option<(String, bool)>>,
    /// The constraints that define an inlined or derived variable (not
    /// printed).
    defining: HashSet<usize>,
    /// Auxiliary variables declared as `{ define = "EXPR" }`, in the
    /// order of their definitions.
    derived: Vec<(VarId, String)>,
}

impl SpecNames for Dump<'_> {
    fn var(&self, x: VarId) -> String {
        match &self.inline[x.index()] {
            Some((text, _)) => text.clone(),
            None => self.names[x.index()].clone(),
        }
    }

    fn inlined(&self, x: VarId) -> Option<bool> {
        self.inline[x.index()].as_ref().map(|(_, boolean)| *boolean)
    }

    fn open(&self, x: VarId) -> bool {
        self.model.vars[x.index()].aux && self.inline[x.index()].is_none()
    }

    fn domain(&self, x: VarId) -> &IntervalSet {
        &self.model.vars[x.index()].domain
    }
}

impl<'a> Dump<'a> {
    fn new(model: &'a Model) -> Dump<'a> {
        let mut names: Vec<String> = model
            .vars
            .iter()
            .map(|v| reference(model, &v.name))
            .collect();
        // An auxiliary variable's name may be a declared one's (a dump of
        // a dump declares `_b12`, and lowering it makes another `_b12`).
        let declared: HashSet<&str> = model
            .vars
            .iter()
            .filter(|v| !v.aux)
            .map(|v| split_name(&v.name).0)
            .collect();
        for (name, v) in names.iter_mut().zip(&model.vars) {
            if v.aux && declared.contains(name.as_str()) {
                let mut k = 2;
                while declared.contains(format!("{name}_{k}").as_str()) {
                    k += 1;
                }
                *name = format!("{name}_{k}");
            }
        }
        let mut dump = Dump {
            model,
            names,
            inline: vec![None; model.vars.len()],
            defining: HashSet::new(),
            derived: Vec::new(),
        };
        // Auxiliary constants are their value.
        for (i, v) in model.vars.iter().enumerate() {
            if v.aux
                && let [(lo, hi)] = v.domain.0[..]
                && lo == hi
            {
                dump.inline[i] = Some((lo.to_string(), false));
            }
        }
        // A definition is the first constraint to mention its variable,
        // and comes after the variables it reads: one pass in order sees
        // every argument already written, and no text written before
        // names a variable that is inlined later.
        let mut first = vec![usize::MAX; model.vars.len()];
        for (k, posted) in model.constraints.iter().enumerate() {
            for x in posted.constraint.vars() {
                first[x.index()] = first[x.index()].min(k);
            }
        }
        for (k, posted) in model.constraints.iter().enumerate() {
            if !posted.definition {
                continue;
            }
            let names: &dyn SpecNames = &dump;
            let Some((var, text, boolean)) = posted
                .constraint
                .spec_definition(names)
                .filter(|(x, _, _)| dump.open(*x))
            else {
                continue;
            };
            if first[var.index()] != k {
                continue;
            }
            let _ = dump.defining.insert(k);
            if text.len() <= MAX_INLINE {
                dump.inline[var.index()] = Some((text, boolean));
            } else {
                dump.derived.push((var, text));
            }
        }
        dump
    }

    /// `[vars]`: declared arrays and scalars as declared (a domain shared
    /// by all elements, else their hull, narrowed by constraints), then
    /// the auxiliary variables that are not written as expressions.
    fn declarations(&mut self) -> String {
        let mut out = String::new();
        let mut k = 0;
        let vars = &self.model.vars;
        while k < vars.len() {
            if vars[k].aux {
                k += 1;
                continue;
            }
            let (base, _) = split_name(&vars[k].name);
            let mut end = k + 1;
            while end < vars.len() && !vars[end].aux && split_name(&vars[end].name).0 == base {
                end += 1;
            }
            out.push_str(&self.declaration(k..end));
            k = end;
        }
        let derived: HashSet<VarId> = self.derived.iter().map(|(x, _)| *x).collect();
        for (i, v) in vars.iter().enumerate() {
            if v.aux && self.inline[i].is_none() && !derived.contains(&VarId(i as u32)) {
                let _ = writeln!(
                    out,
                    "{} = {}",
                    self.names[i],
                    toml_string(&domain_text(&v.domain.0))
                );
            }
        }
        for (x, text) in &self.derived {
            let _ = writeln!(
                out,
                "{} = {{ define = {} }}",
                self.names[x.index()],
                toml_string(text)
            );
        }
        out
    }

    /// One declaration for the variables `range` (one name: a scalar or
    /// the elements of an array, in index order).
    fn declaration(&self, range: std::ops::Range<usize>) -> String {
        let vars = &self.model.vars[range.clone()];
        let (base, _) = split_name(&vars[0].name);
        let same = vars.iter().all(|v| v.domain == vars[0].domain);
        let domain = if same {
            domain_text(&vars[0].domain.0)
        } else {
            // The hull; each element's own domain is a constraint.
            let lo = vars
                .iter()
                .filter_map(|v| v.domain.min())
                .min()
                .unwrap_or(0);
            let hi = vars
                .iter()
                .filter_map(|v| v.domain.max())
                .max()
                .unwrap_or(0);
            format!("{lo}..{hi}")
        };
        let mut out = String::new();
        if vars[0].text {
            let mut codes: Vec<i64> = vars.iter().flat_map(|v| v.domain.values()).collect();
            codes.sort_unstable();
            codes.dedup();
            let texts: Vec<String> = codes
                .iter()
                .filter_map(|&c| self.model.texts.text(c).map(|t| format!("{c} = {t:?}")))
                .collect();
            let _ = writeln!(
                out,
                "# {base}: texts, as their numbers: {}",
                texts.join(", ")
            );
        }
        let indices: Vec<Vec<i64>> = vars
            .iter()
            .map(|v| indices(self.model, split_name(&v.name).1))
            .collect();
        // Not the player's (`shown = false`): kept, so that steps, hints
        // and candidates of the text run back hide what the spec's hid.
        let hidden = vars.iter().all(|v| v.hidden && !v.aux);
        if indices[0].is_empty() && hidden {
            let _ = writeln!(
                out,
                "{} = {{ domain = {}, shown = false }}",
                toml_key(base),
                toml_string(&domain)
            );
        } else if indices[0].is_empty() {
            let _ = writeln!(out, "{} = {}", toml_key(base), toml_string(&domain));
        } else {
            let ranges: Vec<String> = (0..indices[0].len())
                .map(|d| {
                    let lo = indices.iter().map(|i| i[d]).min().unwrap_or(0);
                    let hi = indices.iter().map(|i| i[d]).max().unwrap_or(0);
                    toml_string(&format!("{lo}..{hi}"))
                })
                .collect();
            let index = if ranges.len() == 1 {
                ranges[0].clone()
            } else {
                format!("[{}]", ranges.join(", "))
            };
            let shown = if hidden { ", shown = false" } else { "" };
            let _ = writeln!(
                out,
                "{} = {{ index = {index}, domain = {}{shown} }}",
                toml_key(base),
                toml_string(&domain)
            );
        }
        out
    }

    /// `[constraints]`: one line per posted constraint that is not an
    /// inlined definition, named after its origin, plus the domains of
    /// array elements that differ from their array's.
    fn constraints(&self) -> String {
        let mut out = String::new();
        // One spec constraint lowers to several: `name #2`, `name #3`...
        let mut used: HashSet<String> = HashSet::new();
        let mut name = |base: String| {
            let mut key = base.clone();
            let mut k = 1;
            while used.contains(&key) {
                k += 1;
                key = format!("{base} #{k}");
            }
            let _ = used.insert(key.clone());
            key
        };
        // The arrays whose elements' domains differ (the declaration
        // writes their hull), found in one pass.
        let mut first_domain: HashMap<&str, &IntervalSet> = HashMap::new();
        let mut mixed: HashSet<&str> = HashSet::new();
        for v in self.model.vars.iter().filter(|v| !v.aux) {
            let base = split_name(&v.name).0;
            if *first_domain.entry(base).or_insert(&v.domain) != &v.domain {
                let _ = mixed.insert(base);
            }
        }
        for (i, v) in self.model.vars.iter().enumerate() {
            let declared_apart = !v.aux && mixed.contains(split_name(&v.name).0);
            if declared_apart {
                let _ = writeln!(
                    out,
                    "{} = {}",
                    toml_key(&name(format!("domain of {}", self.names[i]))),
                    toml_string(&format!(
                        "{} in {}",
                        self.names[i],
                        domain_text(&v.domain.0)
                    ))
                );
            }
        }
        for (k, posted) in self.model.constraints.iter().enumerate() {
            if self.defining.contains(&k) {
                continue;
            }
            let key = name(format!("{}{}", posted.origin, posted.item));
            let rule = toml_string(&posted.constraint.spec(self));
            let level = posted.consistency.and_then(|level| {
                CONSISTENCIES
                    .iter()
                    .find(|(_, c)| *c == level)
                    .map(|(n, _)| *n)
            });
            match level {
                Some(level) => {
                    let _ = writeln!(
                        out,
                        "{} = {{ rule = {rule}, consistency = \"{level}\" }}",
                        toml_key(&key)
                    );
                }
                None => {
                    let _ = writeln!(out, "{} = {rule}", toml_key(&key));
                }
            }
        }
        out
    }
}

/// `[search]`: the plan, every key given.
fn search(lowered: &Lowered, run: &RunSettings, dump: &Dump<'_>) -> String {
    let plan = &lowered.plan;
    let mut out = String::from("\n[search]\n");
    let names = |vars: &[crate::model::VarId]| -> String {
        let names: Vec<String> = vars.iter().map(|&x| toml_string(&dump.var(x))).collect();
        names.join(", ")
    };
    if !plan.phases.is_empty() {
        // The order, if any, is one more phase (a spec gives one or the other).
        let order = crate::model::plan::Phase {
            vars: plan.order.clone(),
            var: crate::model::plan::VarOrder::Input,
            value: plan.value,
        };
        let phases: Vec<String> = plan
            .phases
            .iter()
            .chain((!plan.order.is_empty()).then_some(&order))
            .map(|p| {
                format!(
                    "{{ vars = [{}], var = \"{}\", value = \"{}\" }}",
                    names(&p.vars),
                    name(VAR_ORDERS, p.var),
                    name(VALUE_ORDERS, p.value)
                )
            })
            .collect();
        let _ = writeln!(out, "phases = [{}]", phases.join(", "));
    } else if !plan.order.is_empty() {
        let order: Vec<String> = plan
            .order
            .iter()
            .map(|&x| toml_string(&dump.var(x)))
            .collect();
        let _ = writeln!(out, "order = [{}]", order.join(", "));
    }
    let _ = writeln!(out, "var = \"{}\"", name(VAR_ORDERS, plan.var));
    let _ = writeln!(out, "value = \"{}\"", name(VALUE_ORDERS, plan.value));
    let _ = writeln!(
        out,
        "consistency = \"{}\"",
        name(CONSISTENCIES, plan.consistency)
    );
    if plan.restarts.policy != crate::model::plan::RestartPolicy::None {
        let _ = writeln!(
            out,
            "restart = \"{}\"",
            name(RESTARTS, plan.restarts.policy)
        );
        let _ = writeln!(out, "restart_scale = {}", plan.restarts.scale);
    }
    if plan.last_conflict {
        let _ = writeln!(out, "last_conflict = true");
    }
    let _ = writeln!(out, "seed = {}", plan.seed);
    if plan.alone {
        let _ = writeln!(out, "interleave = false");
    }
    if let Some(arm) = plan.interleave {
        let _ = writeln!(
            out,
            "interleave = \"var={} value={} restart={} restart_scale={} last_conflict={} slice={}\"",
            name(VAR_ORDERS, arm.var),
            name(VALUE_ORDERS, arm.value),
            name(RESTARTS, arm.restarts.policy),
            arm.restarts.scale,
            if arm.last_conflict { "on" } else { "off" },
            arm.slice
        );
    }
    if let Some(n) = run.threads {
        let _ = writeln!(out, "threads = {n}");
    }
    out
}

/// The name of `value` in a table of names.
fn name<T: PartialEq>(table: &[(&'static str, T)], value: T) -> &'static str {
    table
        .iter()
        .find(|(_, v)| *v == value)
        .map_or("?", |(n, _)| *n)
}

/// `q[3][1]` as `("q", "[3][1]")`.
fn split_name(name: &str) -> (&str, &str) {
    name.split_at(name.find('[').unwrap_or(name.len()))
}

/// The numbers of `[3]["red"]`: a text index is its number (a text may
/// hold brackets: it runs to its closing quote).
fn indices(model: &Model, suffix: &str) -> Vec<i64> {
    let mut out = Vec::new();
    let mut rest = suffix;
    while let Some(inner) = rest.strip_prefix('[') {
        let (index, after) = match inner.strip_prefix('"') {
            Some(text) => {
                let end = text.find("\"]").unwrap_or(text.len());
                let after = &text[(end + 2).min(text.len())..];
                (model.texts.code(&text[..end]).unwrap_or(0), after)
            }
            None => {
                let end = inner.find(']').unwrap_or(inner.len());
                let after = &inner[(end + 1).min(inner.len())..];
                (inner[..end].parse().unwrap_or(0), after)
            }
        };
        out.push(index);
        rest = after;
    }
    out
}

/// How a variable is named in the dump: a declared element by its
/// indices as numbers (`pos[2]`, not `pos["green"]`).
fn reference(model: &Model, name: &str) -> String {
    let (base, suffix) = split_name(name);
    if suffix.is_empty() {
        return base.to_string();
    }
    let idx: Vec<String> = indices(model, suffix).iter().map(i64::to_string).collect();
    format!("{base}[{}]", idx.join("]["))
}

/// A domain as a spec writes it: `1..8`, a set `{1, 3, 4}`, or ranges
/// joined (`1..50 ++ 60..99`) when a set would list too many values.
fn domain_text(intervals: &[(i64, i64)]) -> String {
    let values: u64 = intervals.iter().map(|&(lo, hi)| hi.abs_diff(lo) + 1).sum();
    match intervals {
        [(lo, hi)] => format!("{lo}..{hi}"),
        [] => "{}".to_string(),
        _ if values <= 64 => {
            let all: Vec<String> = intervals
                .iter()
                .flat_map(|&(lo, hi)| lo..=hi)
                .map(|v| v.to_string())
                .collect();
            format!("{{{}}}", all.join(", "))
        }
        _ => {
            let parts: Vec<String> = intervals
                .iter()
                .map(|&(lo, hi)| {
                    if lo == hi {
                        format!("[{lo}]")
                    } else {
                        format!("{lo}..{hi}")
                    }
                })
                .collect();
            format!("({})", parts.join(" ++ "))
        }
    }
}

/// A TOML basic string.
fn toml_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A TOML key: bare when it can be.
fn toml_key(key: &str) -> String {
    if !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        key.to_string()
    } else {
        toml_string(key)
    }
}
