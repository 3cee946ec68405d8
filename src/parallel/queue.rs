//! Solving parts from a shared queue: each thread owns a session over its
//! own copy of the lowered spec, takes the next part when it is free, and
//! sends what it finds to the calling thread, which alone prints.
//!
//! Memory stays bounded: a thread ahead of the part being printed waits
//! once the solutions buffered for printing pass a limit (the thread of
//! the part being printed never waits, so the run always moves on).

use crate::search::shared::Shared;
use crate::search::{Decision, Stats};
use crate::session::{Session, Solution};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// What a thread says about its part.
#[derive(Debug)]
pub enum Event {
    /// A solution, in the part's search order.
    Solution(Solution),
    /// An improving solution of branch and bound and its objective value.
    Improved(Solution, i64),
    /// The part is finished: its solutions (counted or sent), and whether
    /// its search ran to the end (false: a limit stopped it).
    Done { solutions: u64, complete: bool },
}

/// What the calling thread hears: a part's event, or once per thread what
/// its session searched in all.
#[derive(Debug)]
enum Message {
    Part(usize, Event),
    Searched(Stats, u64),
}

/// Where a thread sends its part's events; waits while it is too far ahead.
#[derive(Debug)]
pub struct Outbox<'q> {
    part: usize,
    sender: &'q mpsc::Sender<Message>,
    flow: &'q Flow,
    shared: &'q Shared,
}

impl Outbox<'_> {
    /// Sends a solution (or an improving one); waits first while its part
    /// is not the one being printed and the buffer is full.
    pub fn send(&self, event: Event) {
        if matches!(event, Event::Solution(_)) {
            while self.part > self.flow.head.load(Ordering::Acquire)
                && self.flow.buffered.load(Ordering::Acquire) >= self.flow.most
                && !self.shared.stopped()
            {
                std::thread::sleep(Duration::from_millis(1));
            }
            let _ = self.flow.buffered.fetch_add(1, Ordering::AcqRel);
        }
        let _ = self.sender.send(Message::Part(self.part, event));
    }

    /// Whether the run was stopped (the rest of the part is not wanted).
    pub fn stopped(&self) -> bool {
        self.shared.stopped()
    }
}

/// The printing thread's progress, read by the threads ahead of it.
#[derive(Debug)]
pub struct Flow {
    /// The part being printed: every part before it is printed whole.
    head: AtomicUsize,
    /// Solutions sent and not yet printed.
    buffered: AtomicUsize,
    /// The most solutions buffered before threads ahead wait.
    most: usize,
}

impl Flow {
    /// Parts before `part` are printed.
    pub fn printing(&self, part: usize) {
        self.head.store(part, Ordering::Release);
    }

    /// One buffered solution was printed (or dropped).
    pub fn printed(&self) {
        let _ = self.buffered.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Bytes of buffered solutions a run keeps before threads ahead wait.
const BUFFER_BYTES: usize = 64 << 20;

/// Solves `parts` on `threads` threads, each with its own session made
/// like `session` (the same lowered spec, deadline and constraints) and
/// sharing `shared`; `work` solves one part in a thread's session and
/// sends its events; `hear` gets them in the calling thread, each part's
/// in order, and may stop the run. Returns what the threads searched in
/// all (statistics and propagations), for `session`'s statistics.
pub fn run(
    session: &Session,
    parts: &[Vec<Decision>],
    threads: usize,
    shared: &Shared,
    work: &(dyn Fn(&mut Session, &Outbox<'_>) + Sync),
    hear: &mut dyn FnMut(usize, Event, &Flow) -> ControlFlow<()>,
) -> (Stats, u64) {
    let vars = session.lowered().model().vars.len().max(1);
    let flow = Flow {
        head: AtomicUsize::new(0),
        buffered: AtomicUsize::new(0),
        most: (BUFFER_BYTES / (8 * vars + 64)).max(64),
    };
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    let (lowered, sources, deadline) = (session.lowered(), session.sources(), session.deadline());
    let mut searched = (Stats::default(), 0);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(parts.len()) {
            let sender = sender.clone();
            let (flow, next) = (&flow, &next);
            let _ = scope.spawn(move || {
                let mut own = Session::new(lowered.clone(), sources.clone());
                own.set_deadline(deadline);
                own.set_shared(Some(shared.clone()));
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= parts.len() || shared.stopped() {
                        break;
                    }
                    own.set_below(Some((parts[k].clone(), k)));
                    let outbox = Outbox {
                        part: k,
                        sender: &sender,
                        flow,
                        shared,
                    };
                    work(&mut own, &outbox);
                }
                let _ = sender.send(Message::Searched(own.stats(), own.propagations()));
            });
        }
        drop(sender);
        let mut listening = true;
        for message in receiver {
            match message {
                Message::Part(k, event) if listening => {
                    if hear(k, event, &flow).is_break() {
                        listening = false;
                        shared.stop();
                    }
                }
                Message::Part(..) => {}
                Message::Searched(stats, propagations) => {
                    searched.0 = add(searched.0, stats);
                    searched.1 += propagations;
                }
            }
        }
    });
    searched
}

fn add(a: Stats, b: Stats) -> Stats {
    Stats {
        nodes: a.nodes + b.nodes,
        failures: a.failures + b.failures,
        solutions: a.solutions + b.solutions,
        restarts: a.restarts + b.restarts,
    }
}
