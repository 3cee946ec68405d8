//! The shipped nurse roster (`specs/roster.toml`): its optimum against a
//! brute force over every roster of a small week, and the shipped week's
//! roster checked rule by rule here, its optimum 2 being the least any
//! roster can have (7 nights among 5 nurses: one nurse has 2).

use crate::solve;

/// A small week's rules, as the spec states them.
struct Week {
    nurses: usize,
    days: usize,
    day_need: usize,
    night_need: usize,
    most_shifts: usize,
}

impl Week {
    /// The most nights of one nurse, when `roster` (shift per nurse and
    /// day: 0 off, 1 day, 2 night) keeps every rule.
    fn most_nights(&self, roster: &[Vec<u8>]) -> Option<usize> {
        let covered = (0..self.days).all(|d| {
            let on = |s: u8| roster.iter().filter(|row| row[d] == s).count();
            on(1) == self.day_need && on(2) == self.night_need
        });
        if !covered {
            return None;
        }
        for row in roster {
            if row.windows(2).any(|w| w[0] == 2 && w[1] == 1) {
                return None;
            }
            if row.iter().filter(|&&s| s != 0).count() > self.most_shifts {
                return None;
            }
        }
        roster
            .iter()
            .map(|row| row.iter().filter(|&&s| s == 2).count())
            .max()
    }

    /// The least `most_nights` over every roster, by enumeration.
    fn brute_force(&self) -> Option<usize> {
        let cells = self.nurses * self.days;
        let mut best = None;
        for code in 0..3u64.pow(cells as u32) {
            let mut c = code;
            let roster: Vec<Vec<u8>> = (0..self.nurses)
                .map(|_| {
                    (0..self.days)
                        .map(|_| {
                            let s = (c % 3) as u8;
                            c /= 3;
                            s
                        })
                        .collect()
                })
                .collect();
            if let Some(m) = self.most_nights(&roster) {
                best = Some(best.map_or(m, |b: usize| b.min(m)));
            }
        }
        best
    }

    fn sets(&self) -> Vec<String> {
        let Week {
            nurses,
            days,
            day_need,
            night_need,
            most_shifts,
        } = self;
        [
            format!("nurses={nurses}"),
            format!("days={days}"),
            format!("day_need={day_need}"),
            format!("night_need={night_need}"),
            format!("most_shifts={most_shifts}"),
        ]
        .into_iter()
        .flat_map(|s| ["--set".to_string(), s])
        .collect()
    }
}

/// `optimal: N` from the run's last line, and the roster printed above it.
fn solved(week: &Week) -> (Option<usize>, Vec<Vec<u8>>) {
    let mut args = vec!["specs/roster.toml".to_string()];
    args.extend(week.sets());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (stdout, stderr, code) = solve(&args);
    assert!(code <= 1, "{args:?}: exit {code}\n{stderr}");
    let optimum = (stdout.lines())
        .find_map(|l| l.strip_prefix("optimal: "))
        .map(|v| v.trim().parse().expect("a number"));
    if optimum.is_none() {
        return (None, Vec::new());
    }
    let blocks: Vec<&str> = stdout.trim_end().split("\n\n").collect();
    let last = blocks[blocks.len().saturating_sub(2)];
    let roster = (last.lines())
        .filter(|l| !l.starts_with("most nights"))
        .map(|l| {
            l.chars()
                .map(|c| match c {
                    '.' => 0,
                    'D' => 1,
                    'N' => 2,
                    _ => panic!("a shift: {c:?} in {last}"),
                })
                .collect()
        })
        .collect();
    (optimum, roster)
}

#[test]
fn small_weeks_have_the_brute_force_optimum() {
    for (nurses, days, day_need, night_need, most_shifts) in [
        (3, 4, 1, 1, 3),
        (3, 4, 1, 1, 2),
        (4, 3, 1, 1, 2),
        (2, 4, 1, 1, 4),
    ] {
        let week = Week {
            nurses,
            days,
            day_need,
            night_need,
            most_shifts,
        };
        let (optimum, roster) = solved(&week);
        let expected = week.brute_force();
        assert_eq!(optimum, expected, "{:?}", week.sets());
        if expected.is_some() {
            assert_eq!(week.most_nights(&roster), optimum, "{roster:?}");
        }
    }
}

#[test]
fn the_shipped_week_shares_its_nights_as_fairly_as_possible() {
    let week = Week {
        nurses: 5,
        days: 7,
        day_need: 2,
        night_need: 1,
        most_shifts: 5,
    };
    let (optimum, roster) = solved(&week);
    // 7 nights among 5 nurses: someone works ceil(7 / 5) = 2.
    let least = (week.days * week.night_need).div_ceil(week.nurses);
    assert_eq!(optimum, Some(least));
    assert_eq!(week.most_nights(&roster), Some(least), "{roster:?}");
}
