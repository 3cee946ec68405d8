//! How steps read: an item by its sentence (`say`) or its name, values as
//! the solutions print them (`x[3][5] = 7`, `x[3][5] ≠ 2, 4`, `pet[2] ∈
//! {"fox", "horse"}`), and a step as text lines or as one JSON object (the
//! command line's `--json` and the playground's format alike).

use super::{Chain, Clash, Deduction, Link, Method, Step, Technique};
use crate::explain::items::Item;
use crate::facts::{Fact, Values};
use crate::lowered::Lowered;
use crate::model::VarId;
use crate::source::Sources;
use crate::spec::sentence;
use serde_json::{Value, json};

/// A screen of text (80 columns, 20 lines): facts that fill more are a
/// wall, which a step with a chain leaves to `--json`.
const SCREEN: usize = 1600;

/// What names and values are read from.
#[derive(Debug)]
pub struct Words<'a> {
    pub lowered: &'a Lowered,
    pub sources: &'a Sources,
    pub items: &'a [Item],
}

impl Words<'_> {
    /// The item as its constraint's `say` template fills it, with its name
    /// in parentheses; its name alone when the constraint has no sentence.
    pub fn item(&self, index: usize) -> String {
        let item = &self.items[index];
        match self.sentence(item) {
            Some(said) => format!("{said} ({})", item.name),
            None => item.name.clone(),
        }
    }

    fn sentence(&self, item: &Item) -> Option<String> {
        let info = self.lowered.constraint_info(&item.origin)?;
        let say = info.say.as_ref()?;
        Some(sentence::fill(say, &sentence::bindings(&item.label)))
    }

    /// `x = 4`, or `x ∈ {1, 3}` for a known domain of several values.
    pub fn fact(&self, fact: &Fact) -> String {
        let name = self.name(fact.var);
        match fact.values[..] {
            [(lo, hi)] if lo == hi => format!("{name} = {}", self.value(fact.var, lo)),
            _ => format!("{name} ∈ {}", self.set(fact.var, &fact.values)),
        }
    }

    /// What one deduction shows: `x = 7` when it fixes `x` alone, else
    /// `x ≠ 2, 4`, with `so x = 7` when one value is left.
    pub fn one_deduction(&self, d: &Deduction) -> String {
        let name = self.name(d.var);
        let left = match d.left[..] {
            [(lo, hi)] if lo == hi => Some(self.value(d.var, lo)),
            _ => None,
        };
        match left {
            Some(value) if d.decides => format!("{name} = {value}"),
            _ => {
                let so = left.map_or(String::new(), |v| format!(", so {name} = {v}"));
                format!("{name} ≠ {}{so}", self.list(d.var, &d.removed))
            }
        }
    }

    /// What a step deduces: its placements (`x = 7`, `y ≠ 2, so y = 7`),
    /// then the variables that lose the same values together (`x[6][1],
    /// x[6][2] ≠ 7`), `;` between.
    pub fn deduction(&self, step: &Step) -> String {
        let mut parts: Vec<String> = Vec::new();
        let mut losing: Vec<(String, Vec<&str>)> = Vec::new();
        for d in &step.deductions {
            if d.fixes() {
                parts.push(self.one_deduction(d));
                continue;
            }
            let lost = self.list(d.var, &d.removed);
            match losing.iter_mut().find(|(l, _)| *l == lost) {
                Some((_, names)) => names.push(self.name(d.var)),
                None => losing.push((lost, vec![self.name(d.var)])),
            }
        }
        for (lost, names) in losing {
            parts.push(format!("{} ≠ {lost}", names.join(", ")));
        }
        parts.join("; ")
    }

    /// A step as text: a head line (number, deduction, cost, method), the
    /// items it uses, the facts it uses.
    pub fn step_text(&self, number: usize, step: &Step) -> String {
        // A technique found by contradiction says so, unless it is named so.
        let how = match (step.method, &step.technique) {
            (Method::Conflict, t) if *t != Technique::Contradiction => ", by contradiction",
            _ => "",
        };
        let unproven = if step.minimal {
            ""
        } else {
            ", not proven minimal"
        };
        let mut text = format!(
            "{number}. {}: {}   (cost {}{how}{unproven})",
            step.technique.name(),
            self.deduction(step),
            step.cost
        );
        text.push_str(&self.items_text(&step.uses));
        let facts = self.facts_text(&step.facts);
        match &step.chain {
            // A wall of facts: the chain says more in fewer words.
            Some(_) if facts.chars().count() > SCREEN => text.push_str(&format!(
                "\n   knowing {} facts (more than a screen: `--json` lists them)",
                step.facts.len()
            )),
            _ if !facts.is_empty() => text.push_str(&format!("\n   knowing {facts}")),
            _ => {}
        }
        if let Some(chain) = &step.chain {
            text.push_str(&self.chain_text(chain));
        }
        text
    }

    /// The clash a walk to a conflict ends on, numbered as the step after
    /// the last: `N. clash: these cannot all hold   (cost C)`, then its
    /// rules a line each and the facts it knows.
    pub fn clash_text(&self, number: usize, clash: &Clash) -> String {
        let unproven = if clash.minimal {
            ""
        } else {
            ", not proven minimal"
        };
        let mut text = format!(
            "{number}. clash: these cannot all hold   (cost {}{unproven})",
            clash.cost
        );
        text.push_str(&self.items_text(&clash.uses));
        if !clash.facts.is_empty() {
            text.push_str(&format!("\n   knowing {}", self.facts_text(&clash.facts)));
        }
        text
    }

    /// Items, a line each, as a step cites them.
    fn items_text(&self, uses: &[usize]) -> String {
        uses.iter()
            .map(|&item| format!("\n   {}", self.item(item)))
            .collect()
    }

    /// Facts, comma-separated.
    fn facts_text(&self, facts: &[Fact]) -> String {
        let facts: Vec<String> = facts.iter().map(|f| self.fact(f)).collect();
        facts.join(", ")
    }

    /// A chain, one implication a line: `if x = 5`, `then y = 3 (row[r=2])`,
    /// ..., `clash in column[c=7]`.
    pub fn chain_text(&self, chain: &Chain) -> String {
        let mut text = format!("\n   chain: if {}", self.assumed(chain));
        for link in &chain.links {
            text.push_str(&format!(
                "\n      then {} ({})",
                self.link(link),
                self.items[link.item].name
            ));
        }
        text.push_str(&format!(
            "\n      clash in {}",
            self.items[chain.clash].name
        ));
        text
    }

    /// `x = 5`, or `x ∈ {5, 7}`: what a chain assumes.
    fn assumed(&self, chain: &Chain) -> String {
        self.fact(&Fact {
            var: chain.var,
            values: chain.assumed.clone(),
        })
    }

    /// `y = 3` when the link leaves `y` one value, else `y ≠ 4, 6`.
    fn link(&self, link: &Link) -> String {
        let name = self.name(link.var);
        match link.left[..] {
            [(lo, hi)] if lo == hi => format!("{name} = {}", self.value(link.var, lo)),
            _ => format!("{name} ≠ {}", self.list(link.var, &link.removed)),
        }
    }

    /// A chain as JSON: `{"if": fact, "links": [{"var", "is" or "not",
    /// "rule"}], "clash": name}`.
    pub fn chain_json(&self, chain: &Chain) -> Value {
        let links: Vec<Value> = (chain.links.iter())
            .map(|link| {
                let name = self.name(link.var);
                let rule = &self.items[link.item].name;
                match link.left[..] {
                    [(lo, hi)] if lo == hi => {
                        json!({ "var": name, "is": self.json_value(link.var, lo), "rule": rule })
                    }
                    _ => json!({
                        "var": name,
                        "not": self.json_values(link.var, &link.removed),
                        "rule": rule,
                    }),
                }
            })
            .collect();
        let assumed = Fact {
            var: chain.var,
            values: chain.assumed.clone(),
        };
        json!({
            "if": self.fact_json(&assumed),
            "links": links,
            "clash": self.items[chain.clash].name,
        })
    }

    /// A step as JSON: `uses` (each item's name, constraint, sentence and
    /// the span of its rule), `facts`, `deduces`, `cost` and `method`.
    pub fn step_json(&self, number: usize, step: &Step) -> Value {
        let uses: Vec<Value> = step.uses.iter().map(|&i| self.item_json(i)).collect();
        let facts: Vec<Value> = step.facts.iter().map(|f| self.fact_json(f)).collect();
        let deduces: Vec<Value> = step
            .deductions
            .iter()
            .map(|d| self.deduction_json(d))
            .collect();
        let mut out = json!({
            "step": number,
            "technique": step.technique.name(),
            "deduces": deduces,
            "uses": uses,
            "facts": facts,
            "cost": step.cost,
            "minimal": step.minimal,
            "method": match step.method {
                Method::Propagation => "propagation",
                Method::Conflict => "contradiction",
            },
        });
        if let Some(chain) = &step.chain {
            out["chain"] = self.chain_json(chain);
        }
        out
    }

    /// `{"var", "is"}` when the deduction fixes the variable alone,
    /// `{"var", "not"}` (with `"so"` when one value is left) else.
    pub fn deduction_json(&self, d: &Deduction) -> Value {
        let name = self.name(d.var);
        match d.left[..] {
            [(lo, hi)] if lo == hi && d.decides => {
                json!({ "var": name, "is": self.json_value(d.var, lo) })
            }
            [(lo, hi)] if lo == hi => json!({
                "var": name,
                "not": self.json_values(d.var, &d.removed),
                "so": self.json_value(d.var, lo),
            }),
            _ => json!({ "var": name, "not": self.json_values(d.var, &d.removed) }),
        }
    }

    pub fn item_json(&self, index: usize) -> Value {
        let item = &self.items[index];
        let mut out = json!({ "name": item.name, "constraint": item.origin });
        if let Some(said) = self.sentence(item) {
            out["say"] = json!(said);
        }
        if let Some(info) = self.lowered.constraint_info(&item.origin) {
            let file = self.sources.get(info.span.source);
            let (line, column) = file.line_col(info.span.start);
            out["span"] = json!({
                "start": info.span.start,
                "end": info.span.end,
                "line": line,
                "column": column,
            });
        }
        out
    }

    /// `{"var": "x", "is": 4}` or `{"var": "x", "in": [1, 3]}`.
    pub fn fact_json(&self, fact: &Fact) -> Value {
        let name = self.name(fact.var);
        match fact.values[..] {
            [(lo, hi)] if lo == hi => json!({ "var": name, "is": self.json_value(fact.var, lo) }),
            _ => json!({ "var": name, "in": self.json_values(fact.var, &fact.values) }),
        }
    }

    pub fn name(&self, var: VarId) -> &str {
        &self.lowered.model().vars[var.index()].name
    }

    /// One value as the solutions print it.
    pub fn value(&self, var: VarId, v: i64) -> String {
        self.lowered.model().values_text(var, &[(v, v)])
    }

    /// Values one after another: `2, 4, 7..9` (texts and truth values each
    /// written out).
    pub fn list(&self, var: VarId, values: &Values) -> String {
        match self.set(var, values) {
            braced if braced.starts_with('{') => braced[1..braced.len() - 1].to_string(),
            one => one,
        }
    }

    /// A set of values as a domain is written: `{1..3, 5}`.
    pub fn set(&self, var: VarId, values: &Values) -> String {
        self.lowered.model().values_text(var, values)
    }

    pub fn json_value(&self, var: VarId, v: i64) -> Value {
        let model = self.lowered.model();
        let info = &model.vars[var.index()];
        match model.texts.text(v) {
            Some(t) if info.text => json!(&**t),
            _ if info.boolean => json!(v != 0),
            _ => json!(v),
        }
    }

    pub fn json_values(&self, var: VarId, values: &Values) -> Value {
        let all: Vec<Value> = (values.iter())
            .flat_map(|&(lo, hi)| lo..=hi)
            .map(|v| self.json_value(var, v))
            .collect();
        Value::Array(all)
    }
}
