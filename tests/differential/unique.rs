//! `--unique` against the brute force: one model in three with a 1-D
//! array gets a declared symmetry of it (`reverse`, `values`, or a `map`:
//! a rotation of the cells, a value complement, a mirror with a
//! complement), symmetry of the model or not. The classes are computed
//! here: each solution's orbit walked under the declared element (images
//! that are no assignment left out, as docs/symmetry.md says), its
//! smallest key the class. When every class's smallest key is a solution,
//! `solve --unique --count` must print the number of classes; when one is
//! not, the declaration is no symmetry and `--unique` must refuse it (exit
//! 2, "cannot trust"), never print a count.

use super::driver::Tally;
use super::model::Model;
use super::solver::Solver;
use crate::{Rng, TempSpec};
use std::collections::{BTreeSet, HashSet};
use std::sync::atomic::Ordering;

/// A group element on keys: `None` when the image is no assignment.
type Element = Box<dyn Fn(&[i64]) -> Option<Vec<i64>>>;

/// A declaration (its `[symmetry]` line) and the elements that generate
/// its group, for the model's 1-D array.
fn declaration(model: &Model, rng: &mut Rng) -> Option<(String, Vec<Element>)> {
    let array = model.shape.array.as_ref()?;
    if array.rows.is_some() {
        return None;
    }
    let dom = model.array_dom.as_ref()?.values.clone();
    let (offset, len, base) = (model.shape.scalars.len(), array.len, array.base);
    let (lo, hi) = (*dom.iter().min()?, *dom.iter().max()?);
    // `c - v`, mostly onto the domain's own range.
    let c = lo + hi + rng.range(-1, 1);
    let in_dom = move |v: i64| dom.contains(&v);
    let complement = move |key: &[i64], j: usize| -> Option<i64> {
        let w = c - key[offset + j];
        in_dom(w).then_some(w)
    };
    Some(match rng.below(5) {
        0 => (
            "{ reverse = \"x\" }".to_string(),
            vec![Box::new(move |key: &[i64]| {
                let mut out = key.to_vec();
                for j in 0..len {
                    out[offset + len - 1 - j] = key[offset + j];
                }
                Some(out)
            })],
        ),
        1 => (
            format!("{{ map = \"x\", index = \"(i) => {base} + (i - {base} + 1) % {len}\" }}"),
            vec![Box::new(move |key: &[i64]| {
                let mut out = key.to_vec();
                for j in 0..len {
                    out[offset + (j + 1) % len] = key[offset + j];
                }
                Some(out)
            })],
        ),
        2 => (
            format!("{{ map = \"x\", value = \"(v) => {c} - v\" }}"),
            vec![Box::new(move |key: &[i64]| {
                let mut out = key.to_vec();
                for j in 0..len {
                    out[offset + j] = complement(key, j)?;
                }
                Some(out)
            })],
        ),
        3 => (
            format!(
                "{{ map = \"x\", index = \"(i) => {} - i\", value = \"(v) => {c} - v\" }}",
                2 * base + len as i64 - 1
            ),
            vec![Box::new(move |key: &[i64]| {
                let mut out = key.to_vec();
                for j in 0..len {
                    out[offset + len - 1 - j] = complement(key, j)?;
                }
                Some(out)
            })],
        ),
        _ => {
            // Every renaming of the values: the swaps of neighbours.
            let mut sorted = model.array_dom.as_ref()?.values.clone();
            sorted.sort_unstable();
            sorted.dedup();
            let swaps = sorted
                .windows(2)
                .map(|pair| {
                    let (a, b) = (pair[0], pair[1]);
                    Box::new(move |key: &[i64]| {
                        let mut out = key.to_vec();
                        for v in &mut out[offset..offset + len] {
                            *v = if *v == a {
                                b
                            } else if *v == b {
                                a
                            } else {
                                *v
                            };
                        }
                        Some(out)
                    }) as Element
                })
                .collect();
            ("{ values = \"x\" }".to_string(), swaps)
        }
    })
}

/// The smallest key of the orbit of `key` under `elements`.
fn smallest(key: &[i64], elements: &[Element]) -> Vec<i64> {
    let mut seen: HashSet<Vec<i64>> = HashSet::from([key.to_vec()]);
    let mut todo = vec![key.to_vec()];
    let mut best = key.to_vec();
    while let Some(k) = todo.pop() {
        for g in elements {
            if let Some(image) = g(&k)
                && seen.insert(image.clone())
            {
                best = best.min(image.clone());
                todo.push(image);
            }
        }
    }
    best
}

/// The model's text with `line` declared in its `[symmetry]` section.
fn with_declaration(text: &str, line: &str) -> String {
    let declared = format!("[symmetry]\ndeclared = {line}\n");
    match text.find("[symmetry]\n") {
        Some(at) => format!("{}{declared}{}", &text[..at], &text[at + 11..]),
        None => format!("{text}{declared}"),
    }
}

/// One in three models with a 1-D array: `--unique --count` with a
/// declared symmetry against the brute force's classes; the disagreement,
/// if any.
pub(super) fn check(
    model: &Model,
    text: &str,
    solver: Solver,
    rng: &mut Rng,
    tally: &Tally,
) -> Option<String> {
    if !rng.one_in(3) {
        return None;
    }
    let (line, elements) = declaration(model, rng)?;
    let spec = with_declaration(text, &line);
    // --unique runs without the breaking rules.
    let solutions = model.solutions(|item| !item.symmetry);
    let known: BTreeSet<&Vec<i64>> = solutions.iter().collect();
    let classes: BTreeSet<Vec<i64>> = solutions.iter().map(|s| smallest(s, &elements)).collect();
    let refused = classes.iter().any(|k| !known.contains(k));
    let file = TempSpec::new("differential-unique", &spec);
    let (stdout, stderr, code) = solver.unique_count(file.path(), &spec);
    let _ = tally.unique.fetch_add(1, Ordering::Relaxed);
    let agrees = if refused {
        let _ = tally.unique_refused.fetch_add(1, Ordering::Relaxed);
        code == 2 && stderr.contains("--unique cannot trust the declared symmetries")
    } else {
        let want = classes.len();
        code == if want == 0 { 1 } else { 0 } && stdout.trim() == want.to_string()
    };
    (!agrees).then(|| {
        let want = if refused {
            "a refusal (the declaration is no symmetry)".to_string()
        } else {
            format!("{} classes", classes.len())
        };
        format!(
            "`solve --unique --count`{} gave exit {code}, stdout {:?}, stderr {:?}; brute force: {want}\n--- spec ---\n{spec}---",
            solver.says(),
            stdout.trim(),
            stderr.trim()
        )
    })
}
