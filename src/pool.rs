//! The one work pool: the library's compute threads all start here
//! ([`spread`]: one thread per state, as many as the machine lets start,
//! none in a browser, the calling thread busy meanwhile, every panic
//! raised again in it). Two ways of using them sit on it:
//!
//! - [`ordered`]: jobs numbered 0..n shared by up to N threads (each with
//!   a state of its own, each taking the next job as it finishes one),
//!   their results put back in job order, so that what a caller does with
//!   them is what one thread would do: a puzzle's moves by block of
//!   positions, a game's answer matrix by block of guesses and its tree
//!   by subtree, symmetry classes by share of solutions.
//! - the search's queue (`parallel::queue`): parts whose solutions stream
//!   back in order to the calling thread while they are found.
//!
//! The threads that are not compute stay where they are, each for its
//! reason: the binary's signal thread (it waits on signals, not work) and
//! its big-stack thread (one thread for the whole run, with the stack
//! deep specs need); the editor's I/O threads (they block on stdin and
//! stdout) and its one job per document (detached, cancelled when the
//! text changes, answering on a channel); the playground server's thread
//! per connection and its signal watcher; and `discard`'s thread that
//! frees a huge model after the error is printed.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::ScopedJoinHandle;
use std::time::Duration;

/// The threads [`spread`] started, as the calling thread sees them.
#[derive(Debug)]
pub(crate) struct Started<'s, 'scope> {
    handles: &'s [ScopedJoinHandle<'scope, ()>],
}

impl Started<'_, '_> {
    /// How many started (0: the calling thread does the work alone).
    pub(crate) fn count(&self) -> usize {
        self.handles.len()
    }

    /// Whether every one of them has ended.
    pub(crate) fn finished(&self) -> bool {
        self.handles.iter().all(|h| h.is_finished())
    }
}

/// Starts a thread for each of `states` running `worker` with it, as
/// many as the machine lets start (its address-space limit, a thread it
/// refuses: fewer threads, and a state whose thread did not start is
/// dropped unused; none in a browser); runs `here` on the calling thread
/// meanwhile, told what started; then waits for them all (a thread's
/// panic is raised again here) and returns what `here` did.
pub(crate) fn spread<S: Send, R>(
    states: Vec<S>,
    worker: &(dyn Fn(S) + Sync),
    here: impl FnOnce(&Started<'_, '_>) -> R,
) -> R {
    let wanted = match crate::host::THREADS && !states.is_empty() {
        true => crate::host::threads_within_limits(states.len()),
        false => 0,
    };
    std::thread::scope(|scope| {
        let mut states = states.into_iter();
        let mut handles = Vec::with_capacity(wanted);
        for state in states.by_ref().take(wanted) {
            match std::thread::Builder::new().spawn_scoped(scope, move || worker(state)) {
                Ok(handle) => handles.push(handle),
                Err(_) => break,
            }
        }
        // Unstarted states go now (a channel's senders among them).
        drop(states);
        let done = here(&Started { handles: &handles });
        for handle in handles {
            if let Err(panic) = handle.join() {
                std::panic::resume_unwind(panic);
            }
        }
        done
    })
}

/// How the calling thread watches the others work: every `every`, it
/// calls `tell` (a progress line), instead of taking jobs itself.
pub(crate) struct Watch<'w> {
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
pub(crate) fn ordered<S: Send, T: Send>(
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
        // Without a watch the calling thread is the last worker.
        let spawned = threads - usize::from(watch.is_none());
        spread(vec![(); spawned], &|()| run(), |started| match watch {
            Some(watch) if started.count() > 0 => {
                while !started.finished() {
                    std::thread::sleep(watch.every);
                    (watch.tell)();
                }
            }
            _ => run(),
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
