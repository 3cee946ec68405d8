//! One ordered work pool: jobs numbered 0..n shared by up to N threads
//! (each with a state of its own, each taking the next job as it finishes
//! one), their results put back in job order, so that what a caller does
//! with them is what one thread would do. In a browser, or with one
//! state, the jobs run in the calling thread.
//!
//! The search has its own queue (`parallel::queue`: parts whose solutions
//! stream back in order while they are found); this pool serves the work
//! that returns one result per job: a puzzle's moves by block of
//! positions, a game's answer matrix by block of guesses and its tree by
//! subtree, symmetry classes by share of solutions.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// How the calling thread watches the others work: every `every`, it
/// calls `tell` (a progress line), instead of taking jobs itself.
pub struct Watch<'w> {
    pub every: Duration,
    pub tell: &'w mut dyn FnMut(),
}

impl std::fmt::Debug for Watch<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Watch").field("every", &self.every).finish()
    }
}

/// Runs jobs `0..jobs` on one thread per state in `states` (at least
/// one), each thread working with its own; returns the results in job
/// order. Once a job's result is `last` (an error, say), no later job
/// starts and the results end with the first such one. Without a
/// `watch` the calling thread is one of the workers; with one it watches,
/// unless no thread could start. A thread the machine refuses to start
/// is not waited for: the others take its jobs.
pub fn ordered<S: Send, T: Send>(
    jobs: usize,
    states: Vec<S>,
    work: &(dyn Fn(&mut S, usize) -> T + Sync),
    last: &(dyn Fn(&T) -> bool + Sync),
    watch: Option<Watch<'_>>,
) -> Vec<T> {
    assert!(!states.is_empty(), "a pool needs a state for its thread");
    let next = AtomicUsize::new(0);
    // The first job whose result is `last`: later ones are not needed.
    let cut = AtomicUsize::new(usize::MAX);
    let done: Mutex<Vec<(usize, T)>> = Mutex::new(Vec::with_capacity(jobs));
    let threads = states.len();
    let states = Mutex::new(states);
    let run = || {
        let Some(mut own) = states.lock().unwrap_or_else(|e| e.into_inner()).pop() else {
            return;
        };
        loop {
            let job = next.fetch_add(1, Ordering::Relaxed);
            if job >= jobs || job > cut.load(Ordering::Relaxed) {
                return;
            }
            let result = work(&mut own, job);
            if last(&result) {
                let _ = cut.fetch_min(job, Ordering::Relaxed);
            }
            done.lock()
                .unwrap_or_else(|e| e.into_inner())
                .push((job, result));
        }
    };
    if threads == 1 && watch.is_none() || !crate::host::THREADS {
        run();
    } else {
        std::thread::scope(|scope| {
            // Without a watch the calling thread is the last worker.
            let spawned = threads - usize::from(watch.is_none());
            let handles: Vec<_> = (0..spawned)
                .filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, run).ok())
                .collect();
            match watch {
                Some(watch) if !handles.is_empty() => {
                    while !handles.iter().all(|h| h.is_finished()) {
                        std::thread::sleep(watch.every);
                        (watch.tell)();
                    }
                }
                _ => run(),
            }
            for handle in handles {
                if let Err(panic) = handle.join() {
                    std::panic::resume_unwind(panic);
                }
            }
        });
    }
    let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    done.sort_by_key(|(job, _)| *job);
    let end = done
        .iter()
        .position(|(_, r)| last(r))
        .map_or(done.len(), |k| k + 1);
    done.truncate(end);
    done.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::{Watch, ordered};
    use std::time::Duration;

    /// Whatever the threads, the results are those of one thread, in job
    /// order, and they end at the first `last` one; a watch is told while
    /// the others work.
    #[test]
    fn results_come_back_in_job_order() {
        for threads in [1, 2, 3, 8] {
            let squares = ordered(
                100,
                vec![0u64; threads],
                &|calls, j| {
                    *calls += 1;
                    j * j
                },
                &|_| false,
                None,
            );
            assert_eq!(squares, (0..100).map(|j| j * j).collect::<Vec<_>>());
            let stop = |&j: &usize| j % 7 == 6 && j > 20;
            let cut = ordered(100, vec![(); threads], &|_, j| j, &stop, None);
            assert_eq!(cut, (0..=27).collect::<Vec<_>>());
            let mut told = 0;
            let slow = |_: &mut (), j: usize| {
                std::thread::sleep(Duration::from_millis(2));
                j
            };
            let watch = Watch {
                every: Duration::from_millis(1),
                tell: &mut || told += 1,
            };
            let watched = ordered(20, vec![(); threads], &slow, &|_| false, Some(watch));
            assert_eq!(watched, (0..20).collect::<Vec<_>>());
            assert!(told > 0, "the watch was never told");
        }
        assert!(ordered(0, vec![(); 4], &|_, j| j, &|_| false, None).is_empty());
    }
}
