//! Running a FlatZinc text through the library (parse, build, lower,
//! session, driver) and reading its solutions back by the names of the
//! declared variables.

use solve::driver::{self, Ask, Event, Query};
use solve::flatzinc::{BuildOptions, Built};
use solve::lowered::Lowered;
use solve::output::OutputPlan;
use solve::session::Session;
use solve::source::Sources;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

/// What a run found: the solutions in the order met, projected on the
/// names asked, and with an objective its optimum.
#[derive(Debug)]
pub(super) struct Found {
    pub(super) solutions: Vec<Vec<i64>>,
    pub(super) optimum: Option<i64>,
}

impl Found {
    /// The solutions as a set, asserting none was met twice.
    pub(super) fn set(&self, text: &str) -> BTreeSet<Vec<i64>> {
        let set: BTreeSet<Vec<i64>> = self.solutions.iter().cloned().collect();
        assert_eq!(
            set.len(),
            self.solutions.len(),
            "a solution met twice (an auxiliary variable not defined by the others) in\n{text}"
        );
        set
    }
}

/// `text` built with the default options (panics with the rendered
/// diagnostic when it does not build).
pub(super) fn build(text: &str) -> (Built, Sources) {
    let mut sources = Sources::default();
    let id = sources.add("model.fzn", text);
    let built = solve::flatzinc::parse(text, id)
        .and_then(|fzn| solve::flatzinc::build(&fzn, BuildOptions::default()))
        .unwrap_or_else(|d| panic!("{}\nin\n{text}", d.render(&sources)));
    (built, sources)
}

/// The one error of `text`, rendered as the command line prints it.
pub(super) fn error(text: &str) -> String {
    let mut sources = Sources::default();
    let id = sources.add("model.fzn", text);
    let result = solve::flatzinc::parse(text, id)
        .and_then(|fzn| solve::flatzinc::build(&fzn, BuildOptions::default()));
    match result {
        Ok(_) => panic!("no error from\n{text}"),
        Err(d) => d.render(&sources),
    }
}

/// Runs `ask` on `text` and projects each solution met on `names`.
pub(super) fn run(text: &str, names: &[String], ask: Ask) -> Found {
    let (built, sources) = build(text);
    let columns: Vec<usize> = names
        .iter()
        .map(|n| {
            built
                .vars
                .get(n)
                .unwrap_or_else(|| panic!("`{n}` is not among the built variables"))
                .index()
        })
        .collect();
    let Built { model, plan, .. } = built;
    let output = OutputPlan::for_model(&model);
    let mut session = Session::new(Lowered::from_model(model, output, plan), sources);
    let mut found = Found {
        solutions: Vec::new(),
        optimum: None,
    };
    let mut sink = |event: Event<'_>| {
        match event {
            Event::Solution(_, s) => {
                let values = s.values();
                found
                    .solutions
                    .push(columns.iter().map(|&c| values[c]).collect());
            }
            Event::Optimum(_, _, value) => found.optimum = Some(value),
            _ => {}
        }
        ControlFlow::Continue(())
    };
    let answer = driver::run(&mut session, &Query::sequential(ask), &mut sink)
        .unwrap_or_else(|e| panic!("{e}\nin\n{text}"));
    assert!(answer.is_complete(), "a search cut short on\n{text}");
    found
}

/// Every solution of `text`, projected on `names`, as a set (none met
/// twice).
pub(super) fn all(text: &str, names: &[String]) -> BTreeSet<Vec<i64>> {
    run(text, names, Ask::All { most: None }).set(text)
}
