//! No allocation per search node: a counting allocator (per thread, so the
//! other tests running in parallel do not disturb the count) measures a
//! whole search on an engine whose buffers were already grown by a first one.

use solve::Options;
use solve::engine::Engine;
use solve::model::plan::{Consistency, Restarts};
use solve::search::{Limits, Outcome, Search};
use solve::source::Sources;
use solve::spec::settings::SearchSettings;
use solve::stop::Stop;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count_one() {
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

// SAFETY: every call is forwarded unchanged to the system allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: same contract as ours.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as ours.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: same contract as ours.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Counts the solutions of a shipped spec twice on one engine; returns the
/// count, the nodes and the allocations of the second search.
fn second_search(spec: &str, set: &[&str]) -> (u64, u64, u64) {
    let path = format!("{}/{spec}", env!("CARGO_MANIFEST_DIR"));
    second_search_of(
        &std::fs::read_to_string(path).unwrap(),
        set,
        &Options::default(),
        None,
    )
}

fn second_search_of(
    text: &str,
    set: &[&str],
    options: &Options,
    nodes: Option<u64>,
) -> (u64, u64, u64) {
    let mut sources = Sources::default();
    let id = sources.add("spec.toml", text);
    let overrides: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    let options = Options {
        no_symmetry: true,
        ..options.clone()
    };
    let lowered = solve::compile(&mut sources, id, &overrides, &options)
        .unwrap()
        .lowered;
    let mut engine = Engine::new(lowered.model(), lowered.plan.consistency);
    let mut run = || {
        let limits = Limits {
            stop: Stop::default().with_nodes(nodes),
            ..Limits::default()
        };
        let mut search = Search::new(&mut engine, &lowered.plan, limits, Restarts::NONE);
        let before = allocations();
        let mut solutions = 0;
        loop {
            match search.next() {
                Outcome::Solution => solutions += 1,
                Outcome::Exhausted => break,
                Outcome::Stopped(_) if nodes.is_some() => break,
                Outcome::Stopped(_) => panic!("no limit was set"),
                Outcome::Paused => panic!("no pause was asked for"),
            }
        }
        (solutions, search.stats.nodes, allocations() - before)
    };
    let first = run();
    let second = run();
    assert_eq!(first.0, second.0);
    second
}

#[test]
fn queens_search_does_not_allocate_per_node() {
    let (solutions, nodes, allocs) = second_search("specs/queens.toml", &["n=8"]);
    assert_eq!(solutions, 92);
    assert!(nodes > 300, "{nodes} nodes");
    // The new search's own stack grows a few times; nothing else may allocate.
    assert!(allocs <= 12, "{allocs} allocations for {nodes} nodes");
}

#[test]
fn moo_search_does_not_allocate_per_node() {
    let history = "history=[[0,1,2,3,0,2],[1,2,4,5,0,3]]";
    let (solutions, nodes, allocs) = second_search("specs/moo.toml", &[history]);
    assert_eq!(solutions, 64);
    assert!(nodes > 50, "{nodes} nodes");
    assert!(allocs <= 12, "{allocs} allocations for {nodes} nodes");
}

/// Bounds consistency (Hall intervals) keeps its work lists between runs.
#[test]
fn bounds_alldifferent_does_not_allocate_per_node() {
    let path = format!("{}/specs/queens.toml", env!("CARGO_MANIFEST_DIR"));
    let options = Options {
        search: SearchSettings {
            consistency: Some(Consistency::Bounds),
            ..SearchSettings::default()
        },
        ..Options::default()
    };
    let text = std::fs::read_to_string(path).unwrap();
    let (solutions, nodes, allocs) = second_search_of(&text, &["n=8"], &options, None);
    assert_eq!(solutions, 92);
    assert!(nodes > 300, "{nodes} nodes");
    assert!(allocs <= 12, "{allocs} allocations for {nodes} nodes");
}

/// Interval domains (ranges over 4096 values) trail one interval per
/// interior removal: no copy of the domain, no allocation per node once the
/// trail and the interval lists have grown (the first search).
#[test]
fn interval_domains_do_not_allocate_per_node() {
    let text = "[vars]\nx = { index = \"0..5\", domain = \"0..100000\" }\n\
                [constraints]\nd = \"alldifferent(x)\"\n\
                gaps = \"forall(x[i] != 50000 + i for i in 0..5)\"\n\
                [search]\nvalue = \"split\"\n";
    let (_, nodes, allocs) = second_search_of(text, &[], &Options::default(), Some(5000));
    assert!(nodes >= 5000, "{nodes} nodes");
    assert!(allocs <= 12, "{allocs} allocations for {nodes} nodes");
}
