//! A random model (variables, params, functions, constraints, `[search]`)
//! and its text, the random search options that must not change its count,
//! and the brute-force enumeration of its solutions.

use std::collections::BTreeSet;

use super::ast::{Arith, Bool, ELEMENT_NAMES, HOLE_NAMES, Int, SCALAR_NAMES};
use super::eval::Eval;
use super::generate::Builder;
use super::print::Printer;
use crate::{Rng, join};

#[derive(Clone, Debug)]
pub(super) struct Dom {
    pub(super) values: Vec<i64>,
    pub(super) text: String,
}

#[derive(Clone, Debug)]
pub(super) struct ArrayShape {
    /// The first index (of the columns, for a 2-D array).
    pub(super) base: i64,
    pub(super) len: usize,
    pub(super) names: Option<Vec<String>>,
    /// For a 2-D array (2 rows of `len / 2`): the first row index.
    pub(super) rows: Option<i64>,
}

impl ArrayShape {
    /// The length of the array, or of a row of a 2-D array.
    pub(super) fn cols(&self) -> usize {
        if self.rows.is_some() {
            self.len / 2
        } else {
            self.len
        }
    }
}

/// What the expressions may refer to.
#[derive(Clone, Debug)]
pub(super) struct Shape {
    pub(super) scalars: Vec<String>,
    pub(super) array: Option<ArrayShape>,
    pub(super) param: Option<Vec<i64>>,
    /// The 2-D param `q` (a list of lists).
    pub(super) table: Option<Vec<Vec<i64>>>,
    /// The integer function `f`: its arity and body (with holes).
    pub(super) int_fn: Option<(usize, Int)>,
    /// The boolean function `g`.
    pub(super) bool_fn: Option<(usize, Bool)>,
}

#[derive(Clone, Debug)]
pub(super) struct Item {
    pub(super) rule: Bool,
    pub(super) consistency: Option<&'static str>,
    pub(super) symmetry: bool,
}

#[derive(Clone, Debug)]
pub(super) struct Model {
    pub(super) shape: Shape,
    pub(super) scalar_doms: Vec<Dom>,
    pub(super) array_dom: Option<Dom>,
    pub(super) param_as_string: bool,
    pub(super) items: Vec<Item>,
    pub(super) search: Vec<(&'static str, String)>,
    pub(super) full_parens: bool,
}

const VARS: [&str; 6] = [
    "input",
    "first-fail",
    "first-fail-random",
    "dom-wdeg",
    "activity",
    "afc",
];
const VALUES: [&str; 4] = ["min", "max", "random", "split"];
const CONSISTENCIES: [&str; 3] = ["propagate", "check", "bounds"];
/// Spec-wide and on the command line, `early` applies where a constraint
/// supports it (alldifferent); given to one constraint it must be supported.
const ALL_LEVELS: [&str; 5] = ["propagate", "check", "bounds", "early", "domain"];

fn random_dom(rng: &mut Rng) -> Dom {
    let n = rng.range(2, 5) as usize;
    if rng.one_in(3) {
        let mut set = BTreeSet::new();
        while set.len() < n {
            let _ = set.insert(rng.range(-4, 4));
        }
        let values: Vec<i64> = set.into_iter().collect();
        let text = format!("{{{}}}", join(&values));
        Dom { values, text }
    } else {
        let lo = rng.range(-3, 2);
        let hi = lo + n as i64 - 1;
        Dom {
            values: (lo..=hi).collect(),
            text: format!("{lo}..{hi}"),
        }
    }
}

/// A domain over the nodes `base..base+n-1` of a circuit, give or take one
/// value at either end (a range), or the nodes with one more value or one
/// fewer (a set).
fn node_dom(rng: &mut Rng, base: i64, n: usize) -> Dom {
    let hi = base + n as i64 - 1;
    if rng.one_in(3) {
        let mut values: Vec<i64> = (base..=hi).collect();
        if rng.one_in(2) {
            values.push(rng.pick(&[base - 2, base - 1, hi + 1, hi + 2]));
            values.sort_unstable();
        } else {
            let _ = values.remove(rng.below(values.len()));
            if values.len() < 2 {
                values.push(hi + 1);
            }
        }
        let text = format!("{{{}}}", join(&values));
        Dom { values, text }
    } else {
        let lo = base - rng.below(2) as i64;
        let hi = hi + rng.below(2) as i64;
        Dom {
            values: (lo..=hi).collect(),
            text: format!("{lo}..{hi}"),
        }
    }
}

impl Model {
    pub(super) fn random(rng: &mut Rng) -> Model {
        let total = rng.range(2, 4) as usize;
        let array_len = match rng.below(3) {
            0 => 0,
            1 => total,
            _ => rng.range(2, total.max(2) as i64) as usize,
        };
        let array_len = if array_len == 1 { 2 } else { array_len };
        let scalar_count = total.saturating_sub(array_len);
        let scalars: Vec<String> = SCALAR_NAMES[..scalar_count]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let scalar_doms = (0..scalar_count).map(|_| random_dom(rng)).collect();
        let (array, array_dom) = if array_len > 0 {
            let names = rng.one_in(3).then(|| {
                ELEMENT_NAMES[..array_len]
                    .iter()
                    .map(|s| s.to_string())
                    .collect()
            });
            let rows = (array_len == 4 && rng.one_in(3)).then(|| rng.range(-1, 1));
            let shape = ArrayShape {
                base: rng.pick(&[-1, 0, 0, 1, 1, 2]),
                len: array_len,
                names: if rows.is_some() { None } else { names },
                rows,
            };
            // Often a domain around the array's (column) indices, so that a
            // `circuit` over it has solutions.
            let dom = if rng.one_in(3) {
                node_dom(rng, shape.base, shape.cols())
            } else {
                random_dom(rng)
            };
            (Some(shape), Some(dom))
        } else {
            (None, None)
        };
        let param = rng.one_in(2).then(|| {
            let n = rng.range(2, 4);
            (0..n).map(|_| rng.range(-3, 4)).collect()
        });
        let table = rng.one_in(3).then(|| {
            let cols = rng.range(2, 3);
            (0..2)
                .map(|_| (0..cols).map(|_| rng.range(-3, 4)).collect())
                .collect()
        });
        let mut shape = Shape {
            scalars,
            array,
            param,
            table,
            int_fn: None,
            bool_fn: None,
        };
        if rng.one_in(5) {
            let arity = rng.range(1, 2) as usize;
            let body = Builder::new(rng, &shape, arity).int(2);
            shape.int_fn = Some((arity, body));
        }
        if rng.one_in(5) {
            let arity = rng.range(1, 2) as usize;
            let body = Builder::new(rng, &shape, arity).boolean(2);
            shape.bool_fn = Some((arity, body));
        }
        let mut search = Vec::new();
        if rng.one_in(4) {
            search.push(("var", format!("\"{}\"", rng.pick(&VARS))));
        }
        if rng.one_in(6) {
            search.push(("last_conflict", rng.pick(&["true", "false"]).to_string()));
        }
        if rng.one_in(4) {
            search.push(("value", format!("\"{}\"", rng.pick(&VALUES))));
        }
        if rng.one_in(5) {
            search.push(("consistency", format!("\"{}\"", rng.pick(&ALL_LEVELS))));
        }
        if rng.one_in(6) {
            let names: Vec<String> = random_order(rng, &shape)
                .iter()
                .map(|n| format!("\"{n}\""))
                .collect();
            search.push(("order", format!("[{}]", names.join(", "))));
        }
        let mut model = Model {
            shape,
            scalar_doms,
            array_dom,
            param_as_string: rng.one_in(2),
            items: Vec::new(),
            search,
            full_parens: rng.one_in(2),
        };
        let assignments: u64 = model.domains().iter().map(|d| d.len() as u64).product();
        for _ in 0..rng.range(1, 3) {
            // Mostly constraints that hold on some assignments and not on
            // others: a constant one tests little.
            let mut rule = model.random_rule(rng);
            for _ in 0..8 {
                let n = model.count_where(&[&rule]);
                if (n != 0 && n != assignments) || rng.one_in(8) {
                    break;
                }
                rule = model.random_rule(rng);
            }
            let consistency = rng.one_in(5).then(|| rng.pick(&CONSISTENCIES));
            model.items.push(Item {
                rule,
                consistency,
                symmetry: rng.one_in(6),
            });
        }
        if rng.one_in(8) {
            model.push_shifted_all_different(rng);
        }
        model
    }

    /// Two or three `alldifferent(±v + c, ...)` over the same 2-4 decision
    /// variables, each in its own order: what posting runs as one group
    /// (the queens' rows and diagonals).
    fn push_shifted_all_different(&mut self, rng: &mut Rng) {
        let mut b = Builder::new(rng, &self.shape, 0);
        let positions = b.positions();
        if positions < 2 {
            return;
        }
        let n = b.rng.range(2, positions.min(4) as i64) as usize;
        let mut chosen: Vec<usize> = (0..positions).collect();
        for i in (1..chosen.len()).rev() {
            chosen.swap(i, b.rng.below(i + 1));
        }
        chosen.truncate(n);
        let mut items = Vec::new();
        for _ in 0..b.rng.range(2, 3) {
            for i in (1..chosen.len()).rev() {
                chosen.swap(i, b.rng.below(i + 1));
            }
            let shifted = chosen
                .clone()
                .into_iter()
                .map(|pos| {
                    let v = b.position(pos);
                    let v = if b.rng.one_in(3) {
                        Int::Neg(Box::new(v))
                    } else {
                        v
                    };
                    let c = Int::Const(b.rng.range(-2, 2));
                    Int::Arith(Arith::Add, Box::new(v), Box::new(c))
                })
                .collect();
            items.push(Item {
                rule: Bool::AllDiffArgs(shifted),
                consistency: None,
                symmetry: false,
            });
        }
        self.items.extend(items);
    }

    fn random_rule(&self, rng: &mut Rng) -> Bool {
        let depth = rng.range(1, 3) as u32;
        // `circuit` is a constraint of its own: mostly a rule by itself.
        if rng.one_in(12) {
            return Builder::new(rng, &self.shape, 0).circuit(depth);
        }
        Builder::new(rng, &self.shape, 0).boolean_at(depth, true)
    }

    /// The model with only the item `k` (for a report).
    pub(super) fn only(&self, k: usize) -> Model {
        let mut model = self.clone();
        model.items = vec![self.items[k].clone()];
        model
    }

    pub(super) fn text(&self) -> String {
        let p = Printer {
            full: self.full_parens,
        };
        let mut s = String::new();
        if let Some(param) = &self.shape.param {
            s.push_str("[params]\n");
            if self.param_as_string {
                s.push_str(&format!("p = \"[{}]\"\n", join(param)));
            } else {
                s.push_str(&format!("p = [{}]\n", join(param)));
            }
        }
        if let Some(table) = &self.shape.table {
            if self.shape.param.is_none() {
                s.push_str("[params]\n");
            }
            let rows: Vec<String> = table.iter().map(|r| format!("[{}]", join(r))).collect();
            if self.param_as_string {
                s.push_str(&format!("q = \"[{}]\"\n", rows.join(", ")));
            } else {
                s.push_str(&format!("q = [{}]\n", rows.join(", ")));
            }
        }
        s.push_str("[vars]\n");
        for (name, dom) in self.shape.scalars.iter().zip(&self.scalar_doms) {
            s.push_str(&format!("{name} = \"{}\"\n", dom.text));
        }
        if let (Some(a), Some(dom)) = (&self.shape.array, &self.array_dom) {
            let hi = a.base + a.len as i64 - 1;
            let names = match &a.names {
                Some(names) => {
                    let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
                    format!(", names = [{}]", quoted.join(", "))
                }
                None => String::new(),
            };
            match a.rows {
                Some(rb) => s.push_str(&format!(
                    "x = {{ index = [\"{rb}..{}\", \"{}..{}\"], domain = \"{}\" }}\n",
                    rb + 1,
                    a.base,
                    a.base + a.cols() as i64 - 1,
                    dom.text
                )),
                None => s.push_str(&format!(
                    "x = {{ index = \"{}..{hi}\", domain = \"{}\"{names} }}\n",
                    a.base, dom.text
                )),
            }
        }
        if self.shape.int_fn.is_some() || self.shape.bool_fn.is_some() {
            s.push_str("[functions]\n");
            if let Some((arity, body)) = &self.shape.int_fn {
                let params = HOLE_NAMES[..*arity].join(", ");
                s.push_str(&format!("f = \"({params}) => {}\"\n", p.int(body, 0)));
            }
            if let Some((arity, body)) = &self.shape.bool_fn {
                let params = HOLE_NAMES[..*arity].join(", ");
                s.push_str(&format!("g = \"({params}) => {}\"\n", p.boolean(body, 0)));
            }
        }
        for (symmetry, header, prefix) in [(false, "[constraints]", "c"), (true, "[symmetry]", "s")]
        {
            let items: Vec<(usize, &Item)> = self
                .items
                .iter()
                .enumerate()
                .filter(|(_, item)| item.symmetry == symmetry)
                .collect();
            if items.is_empty() {
                continue;
            }
            s.push_str(header);
            s.push('\n');
            for (k, item) in items {
                let rule = p.boolean(&item.rule, 0);
                match item.consistency {
                    Some(level) => s.push_str(&format!(
                        "{prefix}{k} = {{ rule = \"{rule}\", consistency = \"{level}\" }}\n"
                    )),
                    None => s.push_str(&format!("{prefix}{k} = \"{rule}\"\n")),
                }
            }
        }
        if !self.search.is_empty() {
            s.push_str("[search]\n");
            for (key, value) in &self.search {
                s.push_str(&format!("{key} = {value}\n"));
            }
        }
        s
    }

    /// The domains of all positions: the scalars, then the array elements.
    pub(super) fn domains(&self) -> Vec<&[i64]> {
        let mut doms: Vec<&[i64]> = self
            .scalar_doms
            .iter()
            .map(|d| d.values.as_slice())
            .collect();
        if let (Some(a), Some(dom)) = (&self.shape.array, &self.array_dom) {
            doms.extend(std::iter::repeat_n(dom.values.as_slice(), a.len));
        }
        doms
    }

    /// The number of assignments that satisfy every item that `keep` keeps.
    pub(super) fn brute_force(&self, keep: impl Fn(&Item) -> bool) -> u64 {
        let rules: Vec<&Bool> = self
            .items
            .iter()
            .filter(|item| keep(item))
            .map(|item| &item.rule)
            .collect();
        self.count_where(&rules)
    }

    /// The number of assignments on which every rule holds.
    pub(super) fn count_where(&self, rules: &[&Bool]) -> u64 {
        let mut n = 0;
        self.each_where(rules, &mut |_| n += 1);
        n
    }

    /// The assignments (in declaration order) that satisfy every item that
    /// `keep` keeps.
    pub(super) fn solutions(&self, keep: impl Fn(&Item) -> bool) -> Vec<Vec<i64>> {
        let rules: Vec<&Bool> = self
            .items
            .iter()
            .filter(|item| keep(item))
            .map(|item| &item.rule)
            .collect();
        let mut all = Vec::new();
        self.each_where(&rules, &mut |vals| all.push(vals.to_vec()));
        all
    }

    /// Visits each assignment on which every rule holds.
    fn each_where(&self, rules: &[&Bool], visit: &mut dyn FnMut(&[i64])) {
        let doms = self.domains();
        let mut at = vec![0usize; doms.len()];
        let mut vals: Vec<i64> = doms.iter().map(|d| d[0]).collect();
        loop {
            let mut eval = Eval {
                model: self,
                vals: &vals,
                gens: Vec::new(),
            };
            if rules.iter().all(|rule| eval.boolean(rule)) {
                visit(&vals);
            }
            // The next assignment (an odometer).
            let mut k = 0;
            loop {
                if k == doms.len() {
                    return;
                }
                at[k] += 1;
                if at[k] < doms[k].len() {
                    vals[k] = doms[k][at[k]];
                    break;
                }
                at[k] = 0;
                vals[k] = doms[k][0];
                k += 1;
            }
        }
    }

    /// An objective over every variable: their sum, or (`negated`) its
    /// negation; `None` for a 2-D array (no scalar `sum` of it).
    pub(super) fn objective(&self, negated: bool) -> Option<String> {
        let mut terms: Vec<String> = self.shape.scalars.clone();
        match &self.shape.array {
            Some(a) if a.rows.is_some() => return None,
            Some(_) => terms.push("sum(x)".to_string()),
            None => {}
        }
        let sum = terms.join(" + ");
        Some(if negated { format!("0 - ({sum})") } else { sum })
    }

    pub(super) fn has_symmetry(&self) -> bool {
        self.items.iter().any(|item| item.symmetry)
    }
}

/// A random `--order`/`order` list: some of the variable names (scalars,
/// the array, element names).
fn random_order(rng: &mut Rng, shape: &Shape) -> Vec<String> {
    let mut names: Vec<String> = shape.scalars.clone();
    if let Some(a) = &shape.array {
        if let Some(element_names) = &a.names {
            if rng.one_in(2) {
                names.extend(element_names.iter().cloned());
            } else {
                names.push("x".to_string());
            }
        } else {
            names.push("x".to_string());
        }
    }
    for k in (1..names.len()).rev() {
        names.swap(k, rng.below(k + 1));
    }
    names.truncate(rng.range(1, names.len() as i64) as usize);
    names
}

/// Random search options that must not change the count.
pub(super) fn random_options(rng: &mut Rng, shape: &Shape) -> Vec<String> {
    let mut opts = Vec::new();
    let mut add = |flag: &str, value: String| {
        opts.push(flag.to_string());
        opts.push(value);
    };
    if !rng.one_in(5) {
        add("--var", rng.pick(&VARS).to_string());
    }
    if !rng.one_in(5) {
        add("--value", rng.pick(&VALUES).to_string());
    }
    if !rng.one_in(5) {
        add("--consistency", rng.pick(&ALL_LEVELS).to_string());
    }
    if rng.one_in(3) {
        add(
            "--restart",
            rng.pick(&["luby", "geometric", "none"]).to_string(),
        );
        if rng.one_in(2) {
            add("--restart-scale", rng.range(1, 3).to_string());
        }
    }
    if rng.one_in(4) {
        add("--last-conflict", rng.pick(&["on", "off"]).to_string());
    }
    if rng.one_in(2) {
        add("--seed", rng.range(1, 1000).to_string());
    }
    if rng.one_in(4) {
        add("--order", random_order(rng, shape).join(","));
    }
    if !rng.one_in(3) {
        add("--threads", rng.pick(&["1", "2", "3", "8"]).to_string());
    }
    opts
}
