//! One ordered work pool: jobs numbered 0..n shared by up to N threads
//! (each with its own state, each taking the next job as it finishes one),
//! their results put back in job order, so that what a caller does with
//! them is what one thread would do. In a browser, or with one thread,
//! the jobs run in the calling thread.
//!
//! The search has its own queue (`parallel::queue`: parts whose solutions
//! stream back in order while they are found); this pool serves the work
//! that returns one result per job: a puzzle's moves by block of
//! positions, a game's answer matrix by block of guesses, symmetry
//! classes by share of solutions.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Runs jobs `0..jobs` on up to `threads` threads, each with its own
/// state from `state`; returns their results in job order. Once a job's
/// result is `last` (an error, say), no later job starts and the results
/// end with the first such one. A thread the machine refuses to start is
/// not waited for: the others take its jobs (and without any, the calling
/// thread does them all).
pub fn ordered<S, T: Send>(
    jobs: usize,
    threads: usize,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize) -> T + Sync,
    last: impl Fn(&T) -> bool + Sync,
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    // The first job whose result is `last`: later ones are not needed.
    let cut = AtomicUsize::new(usize::MAX);
    let done: Mutex<Vec<(usize, T)>> = Mutex::new(Vec::with_capacity(jobs));
    let run = || {
        let mut own = state();
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
    let threads = threads.clamp(1, jobs.max(1));
    if threads == 1 || !crate::host::THREADS {
        run();
    } else {
        std::thread::scope(|scope| {
            let started = (0..threads)
                .filter(|_| std::thread::Builder::new().spawn_scoped(scope, run).is_ok())
                .count();
            if started == 0 {
                run();
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
    use super::ordered;

    /// Whatever the threads, the results are those of one thread, in job
    /// order, and they end at the first `last` one.
    #[test]
    fn results_come_back_in_job_order() {
        for threads in [1, 2, 3, 8] {
            let squares = ordered(
                100,
                threads,
                || 0u64,
                |calls, j| {
                    *calls += 1;
                    j * j
                },
                |_| false,
            );
            assert_eq!(squares, (0..100).map(|j| j * j).collect::<Vec<_>>());
            let cut = ordered(100, threads, || (), |_, j| j, |&j| j % 7 == 6 && j > 20);
            assert_eq!(cut, (0..=27).collect::<Vec<_>>());
        }
        assert!(ordered(0, 4, || (), |_, j| j, |_| false).is_empty());
    }
}
