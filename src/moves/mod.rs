//! Puzzles of moves from a spec's `[puzzle]` and `[moves]`: a search over
//! states, beside the constraint engine. The state is the spec's declared
//! variables; a move instance's precondition, cost and next state are
//! networks lowered once, evaluated forward for each state. States are
//! packed into one `u128` (a few bits per variable).
//!
//! - `lower.rs`: the lowering pass, `[puzzle]` and `[moves]` into
//!   networks, gathered as plain data (`PuzzlePlan`, in `crate::plans`);
//!   `position.rs`: a position as written, read and checked;
//! - `search.rs`: the method and the shortest solution by it;
//!   `target.rs`: what ends a solution, and a solution as moves;
//! - `bfs.rs`, `iddfs.rs`, `astar.rs`: the three methods (every shortest
//!   solution and their number by the first two);
//! - `numbering.rs`: the positions a search met, numbered, under one cap;
//! - `count.rs`: exact counts of any size;
//! - `analyze.rs`: every position (the spec's solutions, found by the
//!   constraint engine) and its distance to the goal, by a breadth-first
//!   search backwards over the reversed move graph.

mod analyze;
mod astar;
mod bfs;
mod count;
mod iddfs;
pub(crate) mod lower;
mod numbering;
mod position;
mod search;
mod target;

pub use analyze::{Analysis, analyze};
pub use bfs::{count_shortest, shortest_all};
pub use count::Count;
pub use iddfs::{iddfs_all, iddfs_count};
pub use search::{METHODS, Method, shortest};
pub use target::{Path, Target};

use crate::diagnostic::{Diagnostic, Error};
use crate::engine::clock::Clock;
use crate::lowered::Lowered;
use crate::model::IntervalSet;
use crate::model::network::Evaluator;
use crate::output::OutputPlan;
use crate::plans::puzzle::PuzzlePlan;
use crate::source::{Sources, Span};
use crate::spec::ast::InvalidMove;
use crate::stop::Stop;

/// Most positions a search keeps (breadth-first search, A*) or `solve
/// analyze` enumerates: each costs about 110 to 175 bytes (measured at
/// 2,000,000: docs/moves.md), so a few GB at most. Iterative
/// deepening keeps a table of at most this many positions too, and goes
/// on without it when it is full.
pub const MAX_STATES: usize = 20_000_000;

/// The one refusal of a search or an analysis (`who`) that met more
/// positions than its cap (exit 2).
fn too_many_states(who: &str, cap: usize) -> Error {
    let narrow = "narrow the model (smaller params or domains, constraints that rule out states)";
    let help = if who == ANALYZE {
        format!("{ANALYZE} keeps every position: {narrow}")
    } else {
        format!("`--method iddfs` needs memory only for the depth; or {narrow}")
    };
    let d = Diagnostic::bare(format!(
        "{who} met more than {cap} positions: too many to keep in memory"
    ))
    .with_help(help);
    Error::new(vec![d], &Sources::default())
}

const ANALYZE: &str = "`solve analyze`";

/// A state packed into one word.
pub type State = u128;

/// A puzzle ready to search: its networks' evaluators and the state codec
/// (a clone has its own scratch: one per thread).
#[derive(Clone, Debug)]
pub struct Puzzle {
    plan: PuzzlePlan,
    output: OutputPlan,
    /// The number of model variables (the printing of a move reads the
    /// declared variables' values from a vector of this length).
    model_vars: usize,
    sources: Sources,
    names: Vec<String>,
    domains: Vec<(i64, i64)>,
    /// The domains themselves (they may have holes).
    sets: Vec<IntervalSet>,
    goal: Evaluator,
    valid: Evaluator,
    heuristic: Option<Evaluator>,
    when: Vec<Evaluator>,
    next: Vec<Evaluator>,
    /// Bits per state variable, and its shift in the packed word.
    bits: Vec<(u32, u32)>,
    out: Vec<i64>,
    /// State values for the one-output networks, for the state being
    /// expanded and for a move's next state: reused at every state.
    scratch: Vec<i64>,
    state_scratch: Vec<i64>,
    next_scratch: Vec<i64>,
    /// The time limit and Ctrl-C, read now and then.
    clock: Clock,
    /// The run's stop token, for the searches `ruled_out_by` starts.
    stop: Stop,
    /// Most positions a search or an analysis keeps: [`MAX_STATES`], or
    /// what [`Puzzle::set_max_states`] says (the binary reads
    /// `SOLVE_MAX_STATES`: a documented knob for tests and for machines
    /// with more memory).
    max_states: usize,
    expanded: u64,
}

/// A network of one output over the state.
#[derive(Clone, Copy)]
enum Single {
    Valid,
    Goal,
    Heuristic,
}

/// A successor: the move instance, the next state, the move's cost.
pub type Successor = (usize, State, i64);

fn bare(message: String) -> Error {
    Error::new(vec![Diagnostic::bare(message)], &Sources::default())
}

impl Puzzle {
    pub fn new(lowered: &Lowered, sources: Sources) -> Result<Puzzle, Error> {
        let Some(plan) = lowered.puzzle.clone() else {
            return Err(bare("the spec has no [puzzle] section".to_string()));
        };
        let model = lowered.model();
        let mut bits = Vec::new();
        let mut shift = 0u32;
        let mut domains = Vec::new();
        for &x in &plan.state {
            let d = model.domain(x);
            let (lo, hi) = (d.min().unwrap_or(0), d.max().unwrap_or(0));
            let size = (hi - lo) as u128 + 1;
            let b = 128 - (size - 1).leading_zeros();
            bits.push((b, shift));
            shift += b;
            domains.push((lo, hi));
            if shift > 128 {
                return Err(bare(format!(
                    "the state takes more than 128 bits ({} variables): too large to search",
                    plan.state.len()
                )));
            }
        }
        let names = plan
            .state
            .iter()
            .map(|x| model.vars[x.index()].name.clone())
            .collect();
        Ok(Puzzle {
            goal: Evaluator::new(plan.goal.clone()),
            valid: Evaluator::new(plan.valid.clone()),
            sets: plan
                .state
                .iter()
                .map(|&x| model.domain(x).clone())
                .collect(),
            heuristic: plan.heuristic.clone().map(Evaluator::new),
            when: plan
                .moves
                .iter()
                .map(|m| Evaluator::new(m.when.clone()))
                .collect(),
            next: plan
                .moves
                .iter()
                .map(|m| Evaluator::new(m.next.clone()))
                .collect(),
            output: lowered.output.clone(),
            model_vars: model.vars.len(),
            plan,
            sources,
            names,
            domains,
            bits,
            out: Vec::new(),
            scratch: Vec::new(),
            state_scratch: Vec::new(),
            next_scratch: Vec::new(),
            clock: Clock::default(),
            stop: Stop::default(),
            max_states: MAX_STATES,
            expanded: 0,
        })
    }

    /// Searches stop as `stop` says (its deadline, or Ctrl-C) with a
    /// time-limit error (exit 3).
    pub fn set_stop(&mut self, stop: Stop) {
        self.clock = Clock::new(&stop);
        self.stop = stop;
    }

    /// Searches and analyses keep at most `n` positions.
    pub fn set_max_states(&mut self, n: usize) {
        self.max_states = n;
    }

    /// States whose moves were generated so far.
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// The state's values, packed.
    pub fn pack(&self, values: &[i64]) -> State {
        let mut s: State = 0;
        for ((&v, &(_, shift)), &(lo, _)) in values.iter().zip(&self.bits).zip(&self.domains) {
            s |= ((v - lo) as u128) << shift;
        }
        s
    }

    pub fn unpack(&self, s: State, values: &mut Vec<i64>) {
        values.clear();
        for (&(b, shift), &(lo, _)) in self.bits.iter().zip(&self.domains) {
            let mask = if b == 0 { 0 } else { (1u128 << b) - 1 };
            values.push(lo + ((s >> shift) & mask) as i64);
        }
    }

    /// A position as written: one alphabet character per variable, or the
    /// values separated by commas.
    pub fn format(&self, s: State) -> String {
        let mut values = Vec::new();
        self.unpack(s, &mut values);
        match &self.plan.alphabet {
            Some(chars) => values.iter().map(|&v| chars[v as usize]).collect(),
            None => {
                let items: Vec<String> = values.iter().map(i64::to_string).collect();
                items.join(",")
            }
        }
    }

    /// Reads a position (`--start`, `--goal`).
    pub fn parse(&self, text: &str) -> Result<State, String> {
        let values = self.plan.read(text, &self.sets, &self.names)?;
        Ok(self.pack(&values))
    }

    /// The spec's constraint items that rule the state `s` out: a minimal
    /// set, found by `explain` with the state's values as the domains of
    /// `lowered` (the spec this puzzle was made from); empty when the
    /// time limit stops the explanation first.
    pub fn ruled_out_by(&self, lowered: &Lowered, s: State) -> Vec<String> {
        let mut fixed = lowered.clone();
        let mut values = Vec::new();
        self.unpack(s, &mut values);
        for (&x, &v) in self.plan.state.iter().zip(&values) {
            fixed.model.vars[x.index()].domain = IntervalSet::range(v, v);
        }
        match crate::explain::explain(fixed, self.sources.clone(), &self.stop) {
            Ok(crate::explain::Explanation::Conflict(found)) => found.names,
            _ => Vec::new(),
        }
    }

    /// Why the `what` (start or goal) `s` is not a position: the
    /// constraint items that rule it out, when `explain` names them in
    /// time.
    pub fn not_a_position(&self, lowered: &Lowered, what: &str, s: State) -> String {
        let by = match &self.ruled_out_by(lowered, s)[..] {
            [] => "the spec's constraints rule it out".to_string(),
            [one] => format!("`{one}` rules it out"),
            many => {
                let names: Vec<String> = many.iter().map(|n| format!("`{n}`")).collect();
                format!("{} rule it out together", names.join(", "))
            }
        };
        format!("the {what} `{}` is not a position: {by}", self.format(s))
    }

    /// Whether `s` satisfies the spec's constraints (is a position).
    pub fn is_valid(&mut self, s: State) -> Result<bool, Error> {
        Ok(self.single(Single::Valid, s)? == Some(1))
    }

    /// The spec's start position, if it gives one (read at lowering).
    pub fn start(&self) -> Option<Result<State, Error>> {
        self.plan.start.as_ref().map(|read| match read {
            Ok(values) => Ok(self.pack(values)),
            Err(d) => Err(Error::new(vec![d.clone()], &self.sources)),
        })
    }

    fn error(&self, message: String, span: Span) -> Error {
        Error::new(vec![Diagnostic::new(message, span)], &self.sources)
    }

    /// Whether the state is a goal of the spec.
    pub fn is_goal(&mut self, s: State) -> Result<bool, Error> {
        Ok(self.single(Single::Goal, s)? == Some(1))
    }

    /// A lower bound on the cost from `s` to a goal (0 without a heuristic).
    pub fn heuristic(&mut self, s: State) -> Result<i64, Error> {
        Ok(self.single(Single::Heuristic, s)?.unwrap_or(0))
    }

    /// The one output of a state network at `s` (`None`: the spec has no
    /// heuristic); the state is unpacked into the scratch buffer.
    fn single(&mut self, which: Single, s: State) -> Result<Option<i64>, Error> {
        let mut values = std::mem::take(&mut self.scratch);
        self.unpack(s, &mut values);
        let (evaluator, what) = match which {
            Single::Valid => (Some(&mut self.valid), "the spec's constraints are"),
            Single::Goal => (Some(&mut self.goal), "the goal is"),
            Single::Heuristic => (self.heuristic.as_mut(), "the heuristic is"),
        };
        let out = &mut self.out;
        let result = evaluator.map(|e| e.eval(&values, out).map(|()| out[0]));
        self.scratch = values;
        match result {
            None => Ok(None),
            Some(Ok(v)) => Ok(Some(v)),
            Some(Err(_)) => Err(bare(format!("{what} undefined at {}", self.format(s)))),
        }
    }

    /// Every move that applies at `s`, in the spec's order, into `out`.
    pub fn successors(&mut self, s: State, out: &mut Vec<Successor>) -> Result<(), Error> {
        out.clear();
        self.expanded += 1;
        if self.clock.passed() {
            let why = if self.stop.cancelled() {
                self.stop.cause()
            } else {
                "stopped by the time limit"
            };
            let d = Diagnostic::time_limit(format!("{why} before the search finished"));
            return Err(Error::new(vec![d], &Sources::default()));
        }
        // The scratch buffers are taken for the loop and given back at the
        // end (an error ends the search: they are not needed again).
        let mut values = std::mem::take(&mut self.state_scratch);
        self.unpack(s, &mut values);
        let mut next = std::mem::take(&mut self.next_scratch);
        for i in 0..self.when.len() {
            if self.when[i].eval(&values, &mut self.out).is_err() {
                let m = &self.plan.moves[i];
                return Err(self.error(
                    format!(
                        "the precondition of {} is undefined at {}",
                        self.move_name(i),
                        self.format(s)
                    ),
                    m.span,
                ));
            }
            if self.out[0] != 1 {
                continue;
            }
            let cost = self.out[1];
            if self.next[i].eval(&values, &mut next).is_err() {
                return Err(self.error(
                    format!(
                        "the next state of {} is undefined at {} (an index out of range or a division by zero)",
                        self.move_name(i),
                        self.format(s)
                    ),
                    self.plan.moves[i].span,
                ));
            }
            if cost < 0 {
                return Err(self.error(
                    format!(
                        "{} at {} costs {cost}: a cost must not be negative",
                        self.move_name(i),
                        self.format(s)
                    ),
                    self.plan.moves[i].span,
                ));
            }
            for (k, &v) in next.iter().enumerate() {
                if !self.sets[k].contains(v) {
                    return Err(self.error(
                        format!(
                            "{} at {} gives `{}` the value {v}, outside its domain {{{}}}",
                            self.move_name(i),
                            self.format(s),
                            self.names[k],
                            crate::model::intervals_text(&self.sets[k].0)
                        ),
                        self.plan.moves[i].span,
                    ));
                }
            }
            let t = self.pack(&next);
            if !self.is_valid(t)? {
                if self.plan.invalid == InvalidMove::DeadEnd {
                    continue;
                }
                return Err(self.error(
                    format!(
                        "{} at {} leads to {}, which the spec's constraints rule out (it is not a position, and `invalid = \"error\"`)",
                        self.move_name(i),
                        self.format(s),
                        self.format(t)
                    ),
                    self.plan.moves[i].span,
                ));
            }
            out.push((i, t, cost));
        }
        self.state_scratch = values;
        self.next_scratch = next;
        Ok(())
    }

    /// `jump(p=3, e=5)`.
    fn move_name(&self, i: usize) -> String {
        let m = &self.plan.moves[i];
        let args: Vec<String> = m.args.iter().map(|(n, v)| format!("{n}={v}")).collect();
        if args.is_empty() {
            format!("the move `{}`", m.name)
        } else {
            format!("the move `{}({})`", m.name, args.join(", "))
        }
    }

    /// A move as the spec shows it (its `show` template, over its
    /// parameters and the state it is made from), or `name(p=3, e=5)`.
    pub fn move_text(&self, i: usize, from: State) -> String {
        let m = &self.plan.moves[i];
        let args: Vec<String> = m.args.iter().map(|(n, v)| format!("{n}={v}")).collect();
        let plain = if args.is_empty() {
            m.name.clone()
        } else {
            format!("{}({})", m.name, args.join(", "))
        };
        let Some(parts) = &m.show else {
            return plain;
        };
        self.output
            .render_parts(parts, &self.solution(from), &m.args)
            .unwrap_or(plain)
    }

    /// The position drawn as the spec's board (`[output] board`), if it
    /// declares one.
    pub fn board(&self, s: State) -> Result<Option<crate::output::Board>, Error> {
        self.output
            .board(&self.solution(s))
            .map_err(|d| Error::new(vec![d], &self.sources))
    }

    /// The position's board as `solve` prints it under each move (see
    /// [`crate::output::OutputPlan::board_text`]), if the spec declares one.
    pub fn board_text(&self, s: State) -> Result<Option<String>, Error> {
        self.output
            .board_text(&self.solution(s))
            .map_err(|d| Error::new(vec![d], &self.sources))
    }

    /// The position drawn with every layer of the spec's board (see
    /// [`crate::output::OutputPlan::drawing`]), if it declares one.
    pub fn drawing(&self, s: State) -> Result<Option<crate::output::Drawing>, Error> {
        self.output
            .drawing(&self.solution(s), false)
            .map_err(|d| Error::new(vec![d], &self.sources))
    }

    /// A board as JSON rows (see [`crate::output::Board::json`]).
    pub fn board_json(&self, board: &crate::output::Board) -> serde_json::Value {
        self.output.board_json(board)
    }

    /// The state as values of every model variable (the state's own; the
    /// others, which a puzzle's outputs do not read, at 0).
    fn solution(&self, s: State) -> Vec<i64> {
        let mut values = Vec::new();
        self.unpack(s, &mut values);
        let mut solution = vec![0; self.model_vars];
        for (&x, &v) in self.plan.state.iter().zip(&values) {
            solution[x.index()] = v;
        }
        solution
    }
}
