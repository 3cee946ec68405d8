//! What the machine the library runs on gives it: a clock and threads.
//! Native targets use std's. In a browser (`wasm32-unknown-unknown`)
//! std's clock panics and threads cannot be spawned: the clock is the
//! page's `performance.now()`, imported from the module `solve` as
//! `now_ms` (the playground's worker passes it in), and there is one
//! thread. Everything else in the library is plain computation and
//! builds for both.

#[cfg(all(target_family = "wasm", target_os = "unknown"))]
pub use page::Instant;
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
pub use std::time::Instant;

/// Threads the process may use: every core it is given natively, one in
/// a browser.
pub fn available_threads() -> usize {
    if !THREADS {
        return 1;
    }
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// Whether work may go to another thread (never in a browser).
pub const THREADS: bool = !cfg!(target_family = "wasm");

/// The page's clock, with the part of `std::time::Instant`'s interface
/// the library uses.
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
mod page {
    use std::time::Duration;

    #[link(wasm_import_module = "solve")]
    unsafe extern "C" {
        /// Milliseconds since the page (or worker) started.
        fn now_ms() -> f64;
    }

    /// A moment, as the time since the page started.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Instant(Duration);

    impl Instant {
        pub fn now() -> Instant {
            // SAFETY: `now_ms` takes nothing and returns a number; the
            // worker that loads the module provides it.
            let ms = unsafe { now_ms() };
            Instant(Duration::from_secs_f64(ms.max(0.0) / 1000.0))
        }

        pub fn elapsed(&self) -> Duration {
            Instant::now().saturating_duration_since(*self)
        }

        pub fn duration_since(&self, earlier: Instant) -> Duration {
            self.saturating_duration_since(earlier)
        }

        pub fn saturating_duration_since(&self, earlier: Instant) -> Duration {
            self.0.saturating_sub(earlier.0)
        }

        pub fn checked_add(&self, d: Duration) -> Option<Instant> {
            self.0.checked_add(d).map(Instant)
        }
    }

    impl std::ops::Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, d: Duration) -> Instant {
            Instant(self.0 + d)
        }
    }

    impl std::ops::Sub<Instant> for Instant {
        type Output = Duration;
        fn sub(self, earlier: Instant) -> Duration {
            self.saturating_duration_since(earlier)
        }
    }
}
