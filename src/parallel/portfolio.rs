//! A portfolio on many threads: the whole search, as one thread runs it,
//! beside the parts of the split. For a first solution the first found
//! wins (`first_found`); branch and bound (`optimise_spread` in the parent
//! module) shares the best value between them and ends when either the
//! whole search or every part has been searched. A cluster's share of a
//! search has no whole search of its own: there only its parts run.

use super::queue::{self, Event, Outbox};
use super::split::Split;
use super::{InOrder, Spread, record};
use crate::search::Decision;
use crate::search::shared::Shared;
use crate::session::{Session, Solution, View};
use std::ops::ControlFlow;

/// The first solution, on many threads: a portfolio of the whole search,
/// run by the first thread exactly as one thread runs it, beside the parts
/// of the split, taken by the others in order. With a static order the
/// answer is the sequential one either way: the whole search's first
/// solution, or the first solution of the earliest part holding one once
/// every part before it is exhausted (`InOrder`), whichever is known
/// first. With an order that depends on what it learned (dom/wdeg,
/// activity, last-conflict, random choices, restarts) the parts do not
/// search as the whole search would, so the first solution any thread
/// finds is taken. Either way more threads never search longer than one
/// (but for sharing the machine), and a search too small to split well
/// ends when the whole search does. Returns whether a limit stopped the
/// run before a solution was found or the whole search, or every part,
/// was searched.
pub(super) fn first_found(
    session: &mut Session,
    spread: &Spread,
    split: &Split,
    shared: &Shared,
    work: &(dyn Fn(&mut Session, &Outbox<'_>) + Sync),
    each: &mut dyn FnMut(View<'_>, &Solution) -> ControlFlow<()>,
) -> bool {
    let ordered = session.lowered().plan.is_static();
    let (parts, offset) = beside_the_whole(spread, split);
    let mut heard = Heard {
        offset,
        ..Heard::default()
    };
    let searched = queue::run(
        session,
        &parts,
        spread.threads,
        shared,
        work,
        &mut |k, event, flow| heard.hear(k, event, flow, ordered, split),
    );
    record(
        session,
        &searched,
        Some(u64::from(heard.found.is_some())),
        parts.len(),
    );
    match heard.found {
        Some(s) => {
            let _ = each(session.view(), &s);
            false
        }
        None => !heard.whole && !heard.covered(split),
    }
}

/// The parts a portfolio runs: the whole search first, as one thread runs
/// it, then the split's parts, and how many come before the split's (1,
/// or 0 for a cluster's share of a search, which has no whole search of
/// its own to run).
pub(super) fn beside_the_whole(spread: &Spread, split: &Split) -> (Vec<Vec<Decision>>, usize) {
    let offset = usize::from(spread.is_whole());
    let whole = std::iter::repeat_n(Vec::new(), offset);
    (whole.chain(split.parts.iter().cloned()).collect(), offset)
}

/// What the portfolio heard so far.
#[derive(Default)]
struct Heard {
    found: Option<Solution>,
    /// 1 when part 0 is the whole search, else 0.
    offset: usize,
    /// The whole search ended.
    whole: bool,
    /// Parts of the split ended whole, and whether one was cut.
    parts_done: usize,
    cut: bool,
    /// The parts' solutions in part order (static orders).
    order: InOrder,
}

impl Heard {
    /// Every part of the split ended whole: together they are the search.
    fn covered(&self, split: &Split) -> bool {
        !split.stopped && !self.cut && self.parts_done == split.parts.len()
    }

    fn hear(
        &mut self,
        k: usize,
        event: Event,
        flow: &queue::Flow,
        ordered: bool,
        split: &Split,
    ) -> ControlFlow<()> {
        let whole = k < self.offset;
        if let Event::Done { complete, .. } = event {
            self.whole |= whole && complete;
            self.parts_done += usize::from(!whole && complete);
            self.cut |= !whole && !complete;
        }
        match event {
            Event::Solution(s) | Event::Improved(s, _) if whole || !ordered => {
                let _ = self.found.get_or_insert(s);
                return ControlFlow::Break(());
            }
            event if ordered && !whole => {
                self.order.hear(k - self.offset, event);
                let mut first = None;
                let drained = self.order.drain(flow, &mut |s| {
                    first = Some(s.clone());
                    ControlFlow::Break(())
                });
                if let Some(s) = first {
                    self.found = Some(s);
                }
                if drained.is_break() {
                    return ControlFlow::Break(());
                }
            }
            _ => {}
        }
        if self.whole || self.covered(split) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}
