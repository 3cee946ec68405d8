//! Parts for a cluster: `solve FILE --part K/N --json` solves one of N
//! parts and prints one result line ([`PartResult`]); `solve merge` reads
//! the lines of all N parts and puts them together ([`merge`]) into what
//! one run on one machine prints. The split is deterministic, so every
//! machine computes the same N parts; a fingerprint of the spec and the
//! flags that shape the search keeps parts of different runs apart.

use super::Ask;
use crate::parallel::{Spread, split};
use crate::session::Session;
use serde_json::{Value, json};

/// Which part of how many (`--part K/N`, or `--part K --parts N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartOf {
    pub part: u64,
    pub parts: u64,
}

/// The most parts a run may be cut into (each machine computes the whole
/// split: 4 subproblems per part, at most 4,096 unless there are more
/// parts; 10,000 at most).
pub const MOST_PARTS: u64 = 10_000;

impl PartOf {
    /// Reads `K/N` or `K` (with `parts` from `--parts N`).
    pub fn parse(text: &str, parts: Option<u64>) -> Result<PartOf, String> {
        let number = |t: &str, what: &str| {
            t.trim()
                .parse::<u64>()
                .map_err(|_| format!("`{t}` is not a {what} (a whole number)"))
        };
        let (k, n) = match text.split_once('/') {
            Some((k, n)) => {
                let n = number(n, "number of parts")?;
                if parts.is_some_and(|p| p != n) {
                    return Err(format!(
                        "--part {text} says {} and --parts says {}",
                        crate::diagnostic::counted(n, "part"),
                        parts.unwrap_or(0)
                    ));
                }
                (number(k, "part number")?, n)
            }
            None => {
                let Some(n) = parts else {
                    return Err(format!(
                        "--part {text} needs the number of parts: --part {text}/N or --parts N"
                    ));
                };
                (number(text, "part number")?, n)
            }
        };
        if n == 0 || n > MOST_PARTS {
            return Err(format!(
                "the number of parts must be 1 to {MOST_PARTS}, not {n}"
            ));
        }
        if k >= n {
            return Err(format!(
                "part {k} does not exist: the parts are numbered 0 to {}",
                n - 1
            ));
        }
        Ok(PartOf { part: k, parts: n })
    }

    /// The subproblems of a split into `m` (at least N, in depth-first
    /// order) that make this part: a contiguous range, so the parts in
    /// order are the subproblems in order.
    pub fn range(self, m: usize) -> std::ops::Range<usize> {
        let at = |k: u64| (k as u128 * m as u128 / self.parts as u128) as usize;
        at(self.part)..at(self.part + 1)
    }
}

/// A stable 64-bit FNV-1a hash, as 16 hex digits: the same on every
/// machine and every build.
pub fn fingerprint(pieces: &[&[u8]]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for piece in pieces {
        for &b in piece.iter().chain(&[0xff]) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

/// Subproblems per part a cluster split aims at: a part is a contiguous
/// range of them, so uneven subproblems even out.
const SUBPROBLEMS_PER_PART: usize = 4;

/// Most subproblems a cluster split aims at (unless there are more
/// parts): every machine computes the whole split, about 14 ms at 2,048
/// subproblems and 60 ms at 8,192 for queens n = 16, and that is paid
/// once per part; past a few hundred parts the scheduler's queue evens
/// the parts out (scripts/simulate-cluster.sh measures both).
const MOST_SUBPROBLEMS: usize = 4_096;

/// The subproblems of part `of`: the search split into 4 N subproblems
/// (at most 4,096, at least N) in depth-first order (the same on every
/// machine), this part's contiguous range of them, searched as `whole`
/// says (its threads, its first nodes alone).
pub fn spread(session: &mut Session, of: PartOf, whole: Spread) -> Spread {
    let parts = of.parts as usize;
    let target = (parts * SUBPROBLEMS_PER_PART).min(MOST_SUBPROBLEMS.max(parts));
    let most = session.stop().nodes_left();
    let all = split::split(session, vec![Vec::new()], target, most);
    // Every machine branches the split's nodes; part 0 counts them, so
    // the merged nodes are those of the whole search.
    if of.part == 0 {
        session.add_elsewhere(all.stats, 0, 0, 1);
        session.stop().charge(all.stats.nodes);
    }
    Spread {
        from: all.parts[of.range(all.parts.len())].to_vec(),
        cut: all.stopped,
        ..whole
    }
}

/// A solution as a part reports it: as JSON (`--json`) and as text.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    pub json: Value,
    pub text: String,
    /// With an objective whose branch and bound may meet the optimal
    /// solutions out of order (`SearchPlan::meets_optima_out_of_order`):
    /// its path in the static search with the objective fixed to the
    /// part's best (`Session::path_to`, `Session::at_optimum`). The parts
    /// were cut from the search without that bound, whose tree has another
    /// shape; the merge puts the optimal solutions of every part in the
    /// order of the one tree.
    pub key: Option<String>,
}

/// One part's result line.
#[derive(Clone, Debug, PartialEq)]
pub struct PartResult {
    pub fingerprint: String,
    /// The spec file as given (for messages).
    pub spec: String,
    pub of: PartOf,
    pub ask: Ask,
    /// `Some(true)` when minimising, `Some(false)` maximising.
    pub minimize: Option<bool>,
    /// Solutions found (of the part's best value, with an objective).
    pub count: u64,
    /// False when a limit stopped the part's search.
    pub complete: bool,
    pub nodes: u64,
    pub seconds: f64,
    /// The part's best objective value, if it found a solution.
    pub best: Option<i64>,
    /// The solutions kept: every one (`All`), the first (`First`; with
    /// an objective, and with `Count`: the best one).
    pub solutions: Vec<Shown>,
}

impl PartResult {
    /// The result line (one JSON object).
    pub fn line(&self) -> String {
        let solutions: Vec<Value> = self
            .solutions
            .iter()
            .map(|s| match &s.key {
                Some(key) => json!({ "json": s.json, "text": s.text, "key": key }),
                None => json!({ "json": s.json, "text": s.text }),
            })
            .collect();
        json!({
            "fingerprint": self.fingerprint,
            "spec": self.spec,
            "part": self.of.part,
            "parts": self.of.parts,
            "mode": self.ask.name(self.minimize.is_some()),
            "objective": self.minimize.map(|m| if m { "minimize" } else { "maximize" }),
            "count": self.count,
            "complete": self.complete,
            "nodes": self.nodes,
            "time": (self.seconds * 1000.0).round() / 1000.0,
            "best": self.best,
            "solutions": solutions,
        })
        .to_string()
    }

    /// Reads a result line; `None` when it is not one.
    pub fn read(line: &str) -> Option<PartResult> {
        let v: Value = serde_json::from_str(line).ok()?;
        let solutions = v["solutions"]
            .as_array()?
            .iter()
            .map(|s| {
                Some(Shown {
                    json: s.get("json")?.clone(),
                    text: s["text"].as_str()?.to_string(),
                    key: match s.get("key") {
                        None => None,
                        Some(k) => Some(k.as_str()?.to_string()),
                    },
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(PartResult {
            fingerprint: v["fingerprint"].as_str()?.to_string(),
            spec: v["spec"].as_str()?.to_string(),
            of: Some(PartOf {
                part: v["part"].as_u64()?,
                parts: v["parts"].as_u64()?,
            })
            .filter(|o| o.part < o.parts)?,
            ask: Ask::from_name(v["mode"].as_str()?)?,
            minimize: match &v["objective"] {
                Value::Null => None,
                o => Some(o.as_str()? == "minimize"),
            },
            count: v["count"].as_u64()?,
            complete: v["complete"].as_bool()?,
            nodes: v["nodes"].as_u64()?,
            seconds: v["time"].as_f64()?,
            best: match &v["best"] {
                Value::Null => None,
                b => Some(b.as_i64()?),
            },
            solutions,
        })
    }
}

/// The parts put together: what one run on one machine finds.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    pub spec: String,
    pub ask: Ask,
    pub minimize: Option<bool>,
    pub count: u64,
    pub complete: bool,
    pub nodes: u64,
    /// The best objective value over the parts.
    pub best: Option<i64>,
    /// The solutions in part order (of the best value, with an objective).
    pub solutions: Vec<Shown>,
}

/// Why parts cannot be merged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MergeError {
    /// Nothing to merge, or lines of different runs (exit 2).
    Refused(String),
    /// Parts missing or given twice (exit 3): named.
    Incomplete(String),
}

/// Merges the result lines of every part 0..N-1 of one run.
pub fn merge(mut results: Vec<PartResult>) -> Result<Merged, MergeError> {
    let Some(first) = results.first().cloned() else {
        return Err(MergeError::Refused("no part results to merge".into()));
    };
    for r in &results {
        let same = r.fingerprint == first.fingerprint
            && r.of.parts == first.of.parts
            && r.ask == first.ask
            && r.minimize == first.minimize;
        if !same {
            return Err(MergeError::Refused(format!(
                "part {} of {} ({}, fingerprint {}, {}) is not of the same run as part {} of {} ({}, fingerprint {}, {}): another spec, other --set values or other flags",
                r.of.part,
                r.of.parts,
                r.spec,
                r.fingerprint,
                r.ask.name(r.minimize.is_some()),
                first.of.part,
                first.of.parts,
                first.spec,
                first.fingerprint,
                first.ask.name(first.minimize.is_some())
            )));
        }
    }
    results.sort_by_key(|r| r.of.part);
    let n = first.of.parts;
    let twice: Vec<String> = results
        .windows(2)
        .filter(|w| w[0].of.part == w[1].of.part)
        .map(|w| w[0].of.part)
        .collect::<std::collections::BTreeSet<u64>>()
        .into_iter()
        .map(|k| k.to_string())
        .collect();
    results.dedup_by_key(|r| r.of.part);
    let missing: Vec<String> = (0..n)
        .filter(|k| results.binary_search_by_key(k, |r| r.of.part).is_err())
        .map(|k| k.to_string())
        .collect();
    if !missing.is_empty() || !twice.is_empty() {
        let mut said = Vec::new();
        let parts = |list: &[String]| {
            let s = if list.len() == 1 { "" } else { "s" };
            format!("part{s} {} of {n}", list.join(", "))
        };
        if !missing.is_empty() {
            said.push(format!("missing: {}", parts(&missing)));
        }
        if !twice.is_empty() {
            said.push(format!("given twice: {}", parts(&twice)));
        }
        return Err(MergeError::Incomplete(said.join("; ")));
    }
    let best = match first.minimize {
        None => None,
        Some(min) => results
            .iter()
            .filter_map(|r| r.best)
            .reduce(|a, b| if (b < a) == min && b != a { b } else { a }),
    };
    // With an objective only the parts that reach the best value count.
    let counted: Vec<&PartResult> = results
        .iter()
        .filter(|r| first.minimize.is_none() || (r.best.is_some() && r.best == best))
        .collect();
    let mut solutions: Vec<Shown> = counted.iter().flat_map(|r| r.solutions.clone()).collect();
    if solutions.iter().all(|s| s.key.is_some()) {
        // One tree's depth-first order (stable: equal keys keep part order).
        solutions.sort_by(|a, b| a.key.cmp(&b.key));
    }
    if matches!(first.ask, Ask::First | Ask::Count) {
        solutions.truncate(1);
    }
    Ok(Merged {
        spec: first.spec.clone(),
        ask: first.ask,
        minimize: first.minimize,
        count: match first.ask {
            Ask::First => solutions.len() as u64,
            _ => counted.iter().map(|r| r.count).sum(),
        },
        complete: results.iter().all(|r| r.complete),
        nodes: results.iter().map(|r| r.nodes).sum(),
        best,
        solutions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_is_read_as_k_of_n() {
        assert_eq!(PartOf::parse("2/8", None), Ok(PartOf { part: 2, parts: 8 }));
        assert_eq!(
            PartOf::parse("2", Some(8)),
            Ok(PartOf { part: 2, parts: 8 })
        );
        assert!(
            PartOf::parse("8/8", None)
                .unwrap_err()
                .contains("numbered 0 to 7")
        );
        assert!(PartOf::parse("2", None).unwrap_err().contains("--parts N"));
        assert!(PartOf::parse("1/0", None).is_err());
        assert!(PartOf::parse("x/4", None).is_err());
    }

    /// The ranges of N parts cover 0..m once, in order.
    #[test]
    fn ranges_cover_the_subproblems_once() {
        for n in 1..20u64 {
            for m in 0..50usize {
                let mut next = 0;
                for k in 0..n {
                    let r = PartOf { part: k, parts: n }.range(m);
                    assert_eq!(r.start, next);
                    next = r.end;
                }
                assert_eq!(next, m);
            }
        }
    }
}
