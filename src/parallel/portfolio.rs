//! The first solution of a search whose order depends on what it learned,
//! on many threads: a portfolio of the whole search, as one thread runs
//! it, beside the parts of the split, the first solution found winning.

use super::queue::{self, Event, Outbox};
use super::split::Split;
use super::{Spread, record};
use crate::search::Decision;
use crate::search::shared::Shared;
use crate::session::{Session, Solution, View};
use std::ops::ControlFlow;

/// The first solution any thread finds, for a search whose order depends
/// on what it learned (dom/wdeg, activity, last-conflict, random choices,
/// restarts): its parts do not search as the sequential search would, so
/// waiting for the earlier parts to be exhausted would keep no promise
/// and could cost most of the search. A portfolio: the first thread runs
/// the whole search, as one thread would, the others the parts, so more
/// threads never search longer than one (but for sharing the machine).
/// Returns whether a limit stopped the run before a solution was found
/// or the whole search, or every part, was searched.
pub(super) fn first_found(
    session: &mut Session,
    spread: &Spread,
    split: &Split,
    shared: &Shared,
    work: &(dyn Fn(&mut Session, &Outbox<'_>) + Sync),
    each: &mut dyn FnMut(View<'_>, &Solution) -> ControlFlow<()>,
) -> bool {
    let parts: Vec<Vec<Decision>> = std::iter::once(Vec::new())
        .chain(split.parts.iter().cloned())
        .collect();
    let (mut found, mut whole, mut parts_done, mut cut) = (None, false, 0, false);
    let searched = queue::run(
        session,
        &parts,
        spread.threads,
        shared,
        work,
        &mut |k, event, _| match event {
            Event::Solution(s) | Event::Improved(s, _) => {
                let _ = found.get_or_insert(s);
                ControlFlow::Break(())
            }
            Event::Done { complete, .. } => {
                whole |= k == 0 && complete;
                parts_done += usize::from(k > 0 && complete);
                cut |= k > 0 && !complete;
                let covered = !split.stopped && !cut && parts_done == split.parts.len();
                if whole || covered {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            }
        },
    );
    record(
        session,
        &searched,
        Some(u64::from(found.is_some())),
        parts.len(),
    );
    match found {
        Some(s) => {
            let _ = each(session.view(), &s);
            false
        }
        None => !whole && (cut || split.stopped || parts_done < split.parts.len()),
    }
}
