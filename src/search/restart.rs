//! How long each run of a restarted search may fail: the Luby sequence
//! and the geometric series, scaled by the plan's `restart_scale`.

use crate::model::plan::{RestartPolicy, Restarts};

/// Failures allowed in run `i` (from 1) under `restarts`, or `None` for no limit.
pub(crate) fn budget(restarts: &Restarts, i: u64) -> Option<u64> {
    match restarts.policy {
        RestartPolicy::None => None,
        RestartPolicy::Luby => Some(restarts.scale.saturating_mul(luby(i))),
        RestartPolicy::Geometric => {
            let factor = 1.5f64.powi(i.min(200) as i32 - 1);
            Some((restarts.scale as f64 * factor).min(u64::MAX as f64 / 2.0) as u64)
        }
    }
}

/// The Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... (i from 1).
pub fn luby(mut i: u64) -> u64 {
    loop {
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::luby;

    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
