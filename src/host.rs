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

/// Bytes of address space a search thread takes beside the others: its
/// stack (2 MB), the malloc arena glibc gives a new thread (64 MB of
/// address space reserved) and its copy of the lowered spec. Under an
/// address-space limit (`ulimit -v`, common on batch machines) these,
/// not the memory used, are what runs out.
const THREAD_ADDRESS_BYTES: u64 = 96 << 20;

/// The process's address-space limit (`ulimit -v`), when it has one:
/// read from `/proc/self/limits` (`None`: unlimited, or not Linux).
pub fn address_space_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    // "Max address space   <soft>   <hard>   bytes"
    line.split_whitespace().nth(3)?.parse().ok()
}

/// Under an address-space limit, keeps glibc from reserving a malloc
/// arena of 64 MB for each new thread (up to eight per core), which would
/// spend the limit on address space the process never uses: two arenas
/// are shared by every thread then. Called once, before any thread starts.
pub fn fit_address_space_limit() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if address_space_limit().is_some() {
        unsafe extern "C" {
            fn mallopt(param: i32, value: i32) -> i32;
        }
        /// glibc's `M_ARENA_MAX` (malloc.h).
        const M_ARENA_MAX: i32 = -8;
        // SAFETY: mallopt only sets a malloc parameter; it is called
        // before the process starts any other thread.
        let _ = unsafe { mallopt(M_ARENA_MAX, 2) };
    }
}

/// How many search threads to start when `wanted` are asked for: as many,
/// unless an address-space limit leaves room for fewer (half of it goes
/// to threads, `THREAD_ADDRESS_BYTES` each), and at least one.
pub fn threads_within_limits(wanted: usize) -> usize {
    match address_space_limit() {
        Some(limit) => wanted.min((limit / 2 / THREAD_ADDRESS_BYTES).max(1) as usize),
        None => wanted,
    }
    .max(1)
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
