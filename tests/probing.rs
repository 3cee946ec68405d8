//! The `probing` level against an independent singleton-consistency loop
//! run through the command line: on random small models, the domains
//! `--show-domains --consistency probing` leaves are exactly those that
//! a naive loop reaches (start from the root at `domain`; try each value
//! by adding `x == v` and the current domains as constraints, at
//! `domain`; drop the values whose root propagation fails; repeat until
//! nothing drops), and no value of a solution (a brute force) is removed;
//! each constraint probed on its own (`c0=probing`) counts the solutions
//! the brute force counts.

use crate::{Rng, TempSpec, solve};
use std::collections::BTreeSet;

const VARS: usize = 4;
const TOP: i64 = 4;

/// A constraint's text and its meaning.
type Rule = (String, Box<dyn Fn(&[i64]) -> bool>);

/// A random model over x[1..4] in 1..4: a few constraints of several kinds.
fn random_rules(rng: &mut Rng) -> Vec<Rule> {
    let mut rules: Vec<Rule> = Vec::new();
    for _ in 0..2 + rng.below(3) {
        let (a, b, c) = (rng.below(VARS), rng.below(VARS), rng.below(VARS));
        let k = rng.range(1, 6);
        let rule: Rule = match rng.below(5) {
            0 => (
                format!("alldifferent([x[{}], x[{}], x[{}]])", a + 1, b + 1, c + 1),
                Box::new(move |g: &[i64]| g[a] != g[b] && g[b] != g[c] && g[a] != g[c]),
            ),
            1 => (
                format!("x[{}] + x[{}] <= {k}", a + 1, b + 1),
                Box::new(move |g: &[i64]| g[a] + g[b] <= k),
            ),
            2 => (
                format!("x[{}] != x[{}] + x[{}] - {k}", a + 1, b + 1, c + 1),
                Box::new(move |g: &[i64]| g[a] != g[b] + g[c] - k),
            ),
            3 => (
                format!("abs(x[{}] - x[{}]) >= {}", a + 1, b + 1, k % 3),
                Box::new(move |g: &[i64]| (g[a] - g[b]).abs() >= k % 3),
            ),
            _ => (
                format!("x[{}] * x[{}] != {k}", a + 1, b + 1),
                Box::new(move |g: &[i64]| g[a] * g[b] != k),
            ),
        };
        rules.push(rule);
    }
    rules
}

fn spec(rules: &[String], extra: &[String]) -> String {
    let mut text =
        format!("[vars]\nx = {{ index = \"1..{VARS}\", domain = \"1..{TOP}\" }}\n[constraints]\n");
    for (i, r) in rules.iter().chain(extra).enumerate() {
        text.push_str(&format!("c{i} = \"{r}\"\n"));
    }
    text
}

/// The domains after root propagation at `level` (`None`: it fails).
fn root_domains(text: &str, level: &str) -> Option<Vec<BTreeSet<i64>>> {
    let spec = TempSpec::new("probing", text);
    let (stdout, stderr, code) = solve(&[spec.path(), "--show-domains", "--consistency", level]);
    if code == 1 {
        return None;
    }
    assert_eq!(code, 0, "{stderr}");
    let mut domains = vec![BTreeSet::new(); VARS];
    for line in stdout.lines() {
        let i: usize = line[2..3].parse().unwrap();
        let set: &mut BTreeSet<i64> = &mut domains[i - 1];
        let values = line.split_once(['=', 'n']).unwrap().1;
        for part in values
            .trim_matches(|c: char| c == ' ' || c == '{' || c == '}')
            .split(", ")
        {
            match part.split_once("..") {
                Some((lo, hi)) => set.extend(lo.parse::<i64>().unwrap()..=hi.parse().unwrap()),
                None => {
                    let _ = set.insert(part.trim().parse().unwrap());
                }
            }
        }
    }
    Some(domains)
}

fn domain_rules(domains: &[BTreeSet<i64>]) -> Vec<String> {
    (domains.iter().enumerate())
        .map(|(i, d)| {
            format!(
                "x[{}] in {{{}}}",
                i + 1,
                d.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
            )
        })
        .collect()
}

#[test]
fn probing_leaves_exactly_the_singleton_consistent_values_and_no_solution_value_is_lost() {
    let mut rng = Rng::new(41);
    let mut pruned_more = 0;
    for _ in 0..12 {
        let rules = random_rules(&mut rng);
        let texts: Vec<String> = rules.iter().map(|(t, _)| t.clone()).collect();
        let probed = root_domains(&spec(&texts, &[]), "probing");
        // The naive loop.
        let mut naive = root_domains(&spec(&texts, &[]), "domain");
        let at_domain = naive.clone();
        while let Some(domains) = naive.clone() {
            let mut next = domains.clone();
            for i in 0..VARS {
                for &v in &domains[i] {
                    let mut extra = domain_rules(&domains);
                    extra.push(format!("x[{}] == {v}", i + 1));
                    if root_domains(&spec(&texts, &extra), "domain").is_none() {
                        let _ = next[i].remove(&v);
                    }
                }
            }
            if next == domains {
                break;
            }
            naive = if next.iter().any(BTreeSet::is_empty) {
                None
            } else {
                root_domains(&spec(&texts, &domain_rules(&next)), "domain")
            };
        }
        assert_eq!(probed, naive, "{texts:?}");
        // Sound: every solution's values stay; each constraint probed on
        // its own counts the same solutions.
        let mut solutions = 0;
        for n in 0..TOP.pow(VARS as u32) {
            let g: Vec<i64> = (0..VARS)
                .map(|i| (n / TOP.pow(i as u32)) % TOP + 1)
                .collect();
            if rules.iter().all(|(_, m)| m(&g)) {
                let probed = probed
                    .as_ref()
                    .unwrap_or_else(|| panic!("{texts:?} has {g:?}"));
                assert!(
                    (0..VARS).all(|i| probed[i].contains(&g[i])),
                    "{texts:?} lost {g:?}"
                );
                solutions += 1;
            }
        }
        let each: Vec<String> = (0..texts.len()).map(|i| format!("c{i}=probing")).collect();
        let file = TempSpec::new("probing-each", &spec(&texts, &[]));
        let (stdout, stderr, _) =
            solve(&[file.path(), "--count", "--consistency", &each.join(",")]);
        assert_eq!(stdout.trim(), solutions.to_string(), "{texts:?}: {stderr}");
        pruned_more += usize::from(probed != at_domain);
    }
    assert!(pruned_more > 0, "probing never went beyond domain");
}
