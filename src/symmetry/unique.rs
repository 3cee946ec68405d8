//! `--unique`: the solutions that are the smallest of their class under
//! the declared symmetries. The canonicaliser it needs (or why there is
//! none), and the error when a class met has no representative: then the
//! declarations are not symmetries of the solutions, and `--unique` says
//! so rather than lose the class.

use super::group::{Canonicaliser, Representatives};
use crate::diagnostic::{Diagnostic, Error};
use crate::driver::{Classes, Watch};
use crate::plans::symmetry::SymmetryPlan;
use crate::session::{Session, Solution};
use crate::source::Sources;

fn refusal(message: String, help: &str) -> Error {
    Error::new(
        vec![Diagnostic::bare(message).with_help(help)],
        &Sources::default(),
    )
}

/// `--unique`: the canonicaliser of the declared symmetries, or why there
/// is none.
pub fn classes(symmetry: &SymmetryPlan) -> Result<Canonicaliser<'_>, Error> {
    let refuse = |message: String, help: &str| Err(refusal(message, help));
    if symmetry.is_empty() {
        return refuse(
            "--unique needs the symmetries of the solutions, and this spec's [symmetry] declares none".to_string(),
            "declare one, e.g. `board = { grid = \"m\" }` (grid, rows, columns, values, reverse or map): see docs/symmetry.md",
        );
    }
    symmetry.canonicaliser().or_else(|message| {
        refuse(
            message,
            "`solve check-symmetry` can still check small instances",
        )
    })
}

impl Classes for Canonicaliser<'_> {
    fn is_representative(&self, values: &[i64]) -> bool {
        self.is_canonical(values)
    }

    fn watch(&self) -> Box<dyn Watch + '_> {
        Box::new(Watching {
            classes: self,
            representatives: Representatives::default(),
        })
    }

    fn lost(&self, session: &Session, solution: Option<&Solution>) -> Error {
        lost_class(session, self, solution)
    }
}

/// One enumeration's representatives, checked as they come.
struct Watching<'c, 'p> {
    classes: &'c Canonicaliser<'p>,
    representatives: Representatives,
}

impl Watch for Watching<'_, '_> {
    fn keep(&mut self, values: &[i64]) -> bool {
        self.representatives.keep(self.classes, values)
    }

    fn none_lost(&self, session: &Session) -> Result<(), Error> {
        no_class_lost(session, self.classes, &self.representatives)
    }
}

/// An error when a class met in a whole enumeration had no
/// representative among the solutions.
fn no_class_lost(
    session: &Session,
    classes: &Canonicaliser<'_>,
    representatives: &Representatives,
) -> Result<(), Error> {
    match representatives.lost() {
        Some(example) => Err(lost_class(
            session,
            classes,
            example
                .map(|values| Solution::from_values(values.to_vec()))
                .as_ref(),
        )),
        None => Ok(()),
    }
}

/// The declared symmetries map `solution` to a smallest image that is no
/// solution: they are not symmetries of the solutions.
fn lost_class(
    session: &Session,
    classes: &Canonicaliser<'_>,
    solution: Option<&Solution>,
) -> Error {
    let names: Vec<String> = classes.names().iter().map(|n| format!("`{n}`")).collect();
    let what = if session.objective().is_some() {
        "an optimal solution (a symmetry must keep the objective's value too)"
    } else {
        "a solution"
    };
    let shown = solution
        .and_then(|s| session.render(s).ok())
        .map_or_else(String::new, |s| format!(":\n{}", s.trim_end()));
    let d = Diagnostic::bare(format!(
        "--unique cannot trust the declared symmetries ({}): they map {what} to a smallest image that is not {}, so its class has no representative{shown}",
        names.join(", "),
        what.split(" (").next().unwrap_or(what)
    ))
    .with_help("a declaration is not a symmetry of this spec's solutions: `solve check-symmetry FILE` names it and shows the solutions it maps wrong");
    Error::new(vec![d], &Sources::default())
}
