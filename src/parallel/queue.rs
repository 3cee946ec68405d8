//! Solving parts from a shared queue: each thread owns a session over its
//! own copy of the lowered spec, takes the next part when it is free, and
//! sends what it finds to the calling thread, which alone prints.
//!
//! Memory stays bounded: a thread ahead of the part being printed waits
//! once the solutions buffered for printing pass a limit, and the thread
//! of the part being printed waits once that many of its own are not yet
//! printed (the printer always takes those, so the run moves on). After a
//! time limit or a signal, the printer goes on with what is in order for
//! [`PRINT_GRACE`] at most, then ends the run: a stopped run exits soon,
//! whatever its buffers hold.

use crate::engine::clock::PRINT_GRACE;
use crate::host::Instant;
use crate::search::shared::Shared;
use crate::search::{Decision, Stats};
use crate::session::{Session, Solution};
use crate::stop::Stop;
use std::cell::Cell;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// What a thread says about its part.
#[derive(Debug)]
pub(crate) enum Event {
    /// A solution, in the part's search order.
    Solution(Solution),
    /// An improving solution of branch and bound and its objective value.
    Improved(Solution, i64),
    /// The part is finished: its solutions (counted or sent), whether its
    /// search ran to the end (false: a limit stopped it), and the nodes it
    /// visited (for a progress line's rate).
    Done {
        solutions: u64,
        complete: bool,
        nodes: u64,
    },
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
pub(crate) struct Outbox<'q> {
    part: usize,
    to: To<'q>,
    flow: &'q Flow,
    shared: &'q Shared,
    /// Solutions this part has sent.
    sent: Cell<usize>,
}

impl Outbox<'_> {
    /// Sends a solution (or an improving one); waits first while too many
    /// are waiting to be printed: of every part, when this one is ahead of
    /// the part being printed, or of its own when it is that part.
    pub(crate) fn send(&self, event: Event) {
        if matches!(event, Event::Solution(_)) {
            // (Events kept here are heard when the part ends: no waiting.)
            let mut waited = false;
            while matches!(self.to, To::Printer(_))
                && !self.shared.stopped()
                && self.flow.full(self.part, self.sent.get())
            {
                // Waiting here, this search gives back no nodes: a search
                // out of nodes must not wait for it (see `wait_for_nodes`).
                if !waited {
                    self.shared.blocked(true);
                    waited = true;
                }
                std::thread::sleep(Duration::from_millis(1));
            }
            if waited {
                self.shared.blocked(false);
            }
            let _ = self.flow.buffered.fetch_add(1, Ordering::AcqRel);
            self.sent.set(self.sent.get() + 1);
        }
        match &self.to {
            To::Printer(sender) => {
                let _ = sender.send(Message::Part(self.part, event));
            }
            To::Here(heard) => heard.borrow_mut().push((self.part, event)),
        }
    }

    /// Whether the run was stopped (the rest of the part is not wanted).
    pub(crate) fn stopped(&self) -> bool {
        self.shared.stopped()
    }
}

/// Where a part's events go: to the printing thread, or, when no search
/// thread could be started, to the calling thread's own list, heard as
/// each part ends (the parts are then solved in order, one at a time).
#[derive(Clone, Debug)]
enum To<'q> {
    Printer(mpsc::Sender<Message>),
    Here(&'q std::cell::RefCell<Vec<(usize, Event)>>),
}

/// The printing thread's progress, read by the threads ahead of it.
#[derive(Debug)]
pub(crate) struct Flow {
    /// The part being printed: every part before it is printed whole.
    head: AtomicUsize,
    /// Solutions of the part being printed that were printed.
    head_printed: AtomicUsize,
    /// Solutions sent and not yet printed.
    buffered: AtomicUsize,
    /// The most solutions buffered before threads wait.
    most: usize,
    /// The run's deadline, and the end of printing after a stop: nanoseconds
    /// after `started` (`u64::MAX`: no stop seen yet).
    stop: Stop,
    started: Instant,
    printing_ends: AtomicU64,
}

impl Flow {
    pub(super) fn new(most: usize, stop: Stop) -> Flow {
        Flow {
            head: AtomicUsize::new(0),
            head_printed: AtomicUsize::new(0),
            buffered: AtomicUsize::new(0),
            most,
            stop,
            started: Instant::now(),
            printing_ends: AtomicU64::new(u64::MAX),
        }
    }

    /// Whether the thread of `part`, which has sent `sent` solutions, must
    /// wait before it sends another.
    fn full(&self, part: usize, sent: usize) -> bool {
        let head = self.head.load(Ordering::Acquire);
        if part == head {
            sent.saturating_sub(self.head_printed.load(Ordering::Acquire)) >= self.most
        } else {
            part > head && self.buffered.load(Ordering::Acquire) >= self.most
        }
    }

    /// Parts before `part` are printed.
    pub(crate) fn printing(&self, part: usize) {
        self.head_printed.store(0, Ordering::Release);
        self.head.store(part, Ordering::Release);
    }

    /// One buffered solution of the part being printed was printed.
    pub(crate) fn printed(&self) {
        let _ = self.buffered.fetch_sub(1, Ordering::AcqRel);
        let _ = self.head_printed.fetch_add(1, Ordering::AcqRel);
    }

    /// Whether printing must end: [`PRINT_GRACE`] has passed since the
    /// run's time limit or a signal stopped it (a node limit or a full
    /// answer does not end printing: what is in order is all printed).
    pub(crate) fn too_late(&self) -> bool {
        let now = Instant::now();
        let at = |t: Instant| t.saturating_duration_since(self.started).as_nanos() as u64;
        let mut ends = self.printing_ends.load(Ordering::Relaxed);
        if ends == u64::MAX && self.stop.passed() {
            let stop = match self.stop.deadline() {
                Some(d) if now >= d => d,
                _ => now,
            };
            ends = at(stop + PRINT_GRACE);
            self.printing_ends.store(ends, Ordering::Relaxed);
        }
        at(now) >= ends
    }
}

/// Bytes of buffered solutions a run keeps before threads wait.
const BUFFER_BYTES: usize = 64 << 20;

/// How often the printer, waiting for a message, looks whether the run was
/// stopped long enough ago that printing must end.
const LOOK_EVERY: Duration = Duration::from_millis(20);

/// Solves `parts` on `threads` threads, each with its own session made
/// like `session` (the same lowered spec, deadline and constraints) and
/// sharing `shared`; `work` solves one part in a thread's session and
/// sends its events; `hear` gets them in the calling thread, each part's
/// in order, and may stop the run. Returns what the threads searched in
/// all, for `session`'s statistics.
pub(crate) fn run(
    session: &Session,
    parts: &[Vec<Decision>],
    threads: usize,
    shared: &Shared,
    work: &(dyn Fn(&mut Session, &Outbox<'_>) + Sync),
    hear: &mut Hear<'_>,
) -> Searched {
    let vars = session.lowered().model().vars.len().max(1);
    let flow = Flow::new(
        (BUFFER_BYTES / (8 * vars + 64)).max(64),
        session.stop().clone(),
    );
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    let (lowered, sources, stop) = (session.lowered(), session.sources(), session.stop());
    // A search thread: its own session, the next part until none is left
    // or the run stops; what it searched in all last. Without threads the
    // calling thread does the same, hearing each part's events as it ends.
    let search = |to: To<'_>, hear: &mut Option<&mut Hear<'_>>| {
        let mut own = Session::new(lowered.clone(), sources.clone());
        own.set_stop(stop.clone());
        own.set_shared(Some(shared.clone()));
        let mut carrying = false;
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= parts.len() || shared.stopped() {
                break;
            }
            // A part below decisions starts from what the run learned so
            // far and carries on; the whole search (an empty path) starts
            // from nothing, as one thread would.
            if let Some(learned) = &shared.learned
                && !carrying
                && !parts[k].is_empty()
            {
                own.carry_learning(learned);
                carrying = true;
            }
            own.set_below(Some((parts[k].clone(), k)));
            let outbox = Outbox {
                part: k,
                to: to.clone(),
                flow: &flow,
                shared,
                sent: Cell::new(0),
            };
            work(&mut own, &outbox);
            if let (To::Here(heard), Some(hear)) = (&to, hear.as_mut()) {
                for (k, event) in heard.take() {
                    if shared.stopped() || flow.too_late() || hear(k, event, &flow).is_break() {
                        shared.stop();
                    }
                }
            }
        }
        (own.stats(), own.propagations())
    };
    let mut searched = (Stats::default(), 0);
    // A sender per thread of the work pool, as many threads as the
    // machine lets start (its thread or memory limits may refuse some):
    // fewer threads, the same answers. None started: the calling thread
    // searches alone.
    let senders = vec![sender; threads.min(parts.len())];
    let searcher = |sender: mpsc::Sender<Message>| {
        let searched = search(To::Printer(sender.clone()), &mut None);
        let _ = sender.send(Message::Searched(searched.0, searched.1));
    };
    let started = crate::pool::spread(senders, &searcher, |started| {
        if started.count() > 0 {
            listen(&receiver, &flow, shared, hear, &mut searched);
        } else {
            let heard = std::cell::RefCell::new(Vec::new());
            searched = search(To::Here(&heard), &mut Some(hear));
        }
        started.count()
    });
    Searched {
        stats: searched.0,
        propagations: searched.1,
        threads: started.max(1),
    }
}

/// What the threads of one run searched in all, and how many searched.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Searched {
    pub stats: Stats,
    pub propagations: u64,
    /// The threads that started (the machine's limits may start fewer
    /// than asked; 1 when the calling thread searched alone).
    pub threads: usize,
}

/// What the calling thread does with the events of the parts.
type Hear<'h> = dyn FnMut(usize, Event, &Flow) -> ControlFlow<()> + 'h;

/// The printing thread: hears the parts' events until every search thread
/// has ended, and what each searched; stops the run when `hear` has
/// enough, or when the printing after a stop has run out of time.
fn listen(
    receiver: &mpsc::Receiver<Message>,
    flow: &Flow,
    shared: &Shared,
    hear: &mut Hear<'_>,
    searched: &mut (Stats, u64),
) {
    let mut listening = true;
    loop {
        let message = match receiver.recv_timeout(LOOK_EVERY) {
            Ok(message) => message,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if listening && flow.too_late() {
                    listening = false;
                    shared.stop();
                }
                continue;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        };
        match message {
            Message::Part(k, event) if listening => {
                if flow.too_late() || hear(k, event, flow).is_break() {
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
}

fn add(a: Stats, b: Stats) -> Stats {
    Stats {
        nodes: a.nodes + b.nodes,
        failures: a.failures + b.failures,
        solutions: a.solutions + b.solutions,
        restarts: a.restarts + b.restarts,
    }
}
