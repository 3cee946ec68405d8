//! Standard output and standard error for the command line. A closed pipe
//! (`solve ... | head`) ends the run quietly with exit code 0, as `head`
//! users expect; any other write error (a full disk, `/dev/full`) is an
//! error with exit code 2. Nothing here panics on a failed write.

use solve::diagnostic::{Diagnostic, Error};
use solve::session::{Solution, View};
use solve::source::Sources;
use std::io::{BufWriter, ErrorKind, Stdout, Write};

/// Writes what a command prints to stdout (or, in the tests, to any
/// writer), buffered.
pub(super) struct Printer<W: Write = Stdout> {
    /// `None` once a write failed: what is left in the buffer is dropped,
    /// not retried.
    out: Option<BufWriter<W>>,
    json: bool,
    printed: u64,
    failure: Option<std::io::Error>,
    /// When the output was last written out.
    flushed: std::time::Instant,
}

/// Longest a solution waits in the buffer while more come.
const FLUSH_EVERY: std::time::Duration = std::time::Duration::from_millis(20);

impl Printer {
    pub(super) fn new(json: bool) -> Printer {
        Printer::to(std::io::stdout(), json)
    }
}

impl<W: Write> Printer<W> {
    /// A printer writing to `out`.
    pub(super) fn to(out: W, json: bool) -> Printer<W> {
        Printer {
            out: Some(BufWriter::new(out)),
            json,
            printed: 0,
            failure: None,
            // The first solution is written out at once.
            flushed: std::time::Instant::now()
                .checked_sub(FLUSH_EVERY)
                .unwrap_or_else(std::time::Instant::now),
        }
    }

    /// Whether output can no longer be written: the search should stop.
    pub(super) fn failed(&self) -> bool {
        self.failure.is_some()
    }

    /// Writes `text` as it is.
    pub(super) fn text(&mut self, text: &str) {
        if let Some(out) = &mut self.out
            && let Err(e) = out.write_all(text.as_bytes())
        {
            self.fail(e);
        }
    }

    fn fail(&mut self, e: std::io::Error) {
        self.failure = Some(e);
        // Dropped without a flush (a BufWriter's drop would write again).
        let _ = self.out.take().map(BufWriter::into_parts);
    }

    pub(super) fn line(&mut self, text: &str) {
        self.text(text);
        self.text("\n");
    }

    /// Writes out what is buffered (before waiting for the user's input).
    pub(super) fn flush(&mut self) {
        if let Some(out) = &mut self.out
            && let Err(e) = out.flush()
        {
            self.fail(e);
        }
    }

    /// A solution, a blank line before every one but the first; whether
    /// the time limit cut its template short (it is printed as
    /// `name = value` lines then, and [`template_cut`] says so once).
    pub(super) fn solution(&mut self, view: View<'_>, solution: &Solution) -> Result<bool, Error> {
        if self.json {
            self.rendered(&view.json(solution), "");
            return Ok(false);
        }
        let printed = view.printed(solution)?;
        self.rendered(&serde_json::Value::Null, &printed.text);
        Ok(printed.cut)
    }

    /// A solution already rendered (as JSON and as text), printed as
    /// [`Printer::solution`] does.
    pub(super) fn rendered(&mut self, json: &serde_json::Value, rendered: &str) {
        let text = if self.json {
            format!("{json}\n")
        } else {
            let separator = if self.printed > 0 { "\n" } else { "" };
            format!("{separator}{rendered}")
        };
        self.printed += 1;
        self.text(&text);
        // Written out as found, at most every FLUSH_EVERY while they come
        // fast (a flush per solution costs 15-45% on 331,776 of them):
        // a run killed later has printed what it found (SIGTERM and Ctrl-C
        // flush the rest on the way out).
        let now = std::time::Instant::now();
        if now.duration_since(self.flushed) >= FLUSH_EVERY {
            self.flush();
            self.flushed = now;
        }
    }

    /// A line said about the solutions (before or after them), separated
    /// from them by a blank line in text.
    pub(super) fn summary(&mut self, text: &str, json: serde_json::Value) {
        if self.json {
            self.line(&json.to_string());
        } else {
            if self.printed > 0 {
                self.line("");
            }
            self.line(text);
            // What follows (the optimal solutions after `optimal: V`) is
            // set apart by a blank line too.
            self.printed += 1;
        }
    }

    /// `--count`'s number (`{"count": N}` in JSON). A count that a limit
    /// or a signal cut short (`stopped` says what stopped it) is never the
    /// bare number, which a script would read as the whole count: `at
    /// least N (stopped: the time limit ran out)`, `{"at_least": N,
    /// "stopped": "the time limit ran out"}` in JSON.
    pub(super) fn count(&mut self, n: u64, stopped: Option<&str>) {
        match (self.json, stopped) {
            (true, None) => self.line(&serde_json::json!({ "count": n }).to_string()),
            (true, Some(why)) => {
                self.line(&serde_json::json!({ "at_least": n, "stopped": why }).to_string())
            }
            (false, None) => self.line(&n.to_string()),
            (false, Some(why)) => self.line(&stopped_count(&n.to_string(), why)),
        }
    }

    /// `N solution(s)` after `--all` or `--limit` (not in JSON); cut short,
    /// `at least N solutions (stopped: ...)` as [`Printer::count`] says it.
    pub(super) fn solution_count(&mut self, found: u64, stopped: Option<&str>) {
        if !self.json {
            let counted = solve::diagnostic::counted(found, "solution");
            let text = match stopped {
                None => counted,
                Some(why) => stopped_count(&counted, why),
            };
            self.summary(&text, serde_json::Value::Null);
        }
    }

    pub(super) fn no_solution(&mut self) {
        if self.json {
            note("no solution");
        } else {
            self.line("no solution");
        }
    }

    /// Flushes; the run's exit code is `code`, or 0 when the reader closed
    /// the pipe, or an error when the output could not be written.
    pub(super) fn finish(mut self, code: u8) -> Result<u8, Error> {
        if let Some(out) = &mut self.out
            && let Err(e) = out.flush()
        {
            self.fail(e);
        }
        match self.failure.take() {
            None => Ok(code),
            Some(e) if e.kind() == ErrorKind::BrokenPipe => Ok(super::EXIT_FOUND),
            Some(e) => Err(Error::new(
                vec![Diagnostic::bare(format!("cannot write the output: {e}"))],
                &Sources::default(),
            )),
        }
    }
}

/// The one way a count cut short is printed: `at least 3 (stopped: the
/// time limit ran out)`.
fn stopped_count(count: &str, why: &str) -> String {
    format!("at least {count} (stopped: {why})")
}

/// A line on stderr; if stderr itself is closed, there is nobody to tell.
pub(super) fn note(text: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}

/// Most items a text line lists (`hardest`); `--json` lists them all.
pub(super) const MAX_LISTED: usize = 10;

/// `label` and the first [`MAX_LISTED`] `items`, then `… (N in all; --json
/// lists every one)` when there are more: a line stays readable when 694
/// codes tie.
pub(super) fn listed(label: &str, items: &[String]) -> String {
    let mut line = label.to_string();
    for item in items.iter().take(MAX_LISTED) {
        line.push(' ');
        line.push_str(item);
    }
    if items.len() > MAX_LISTED {
        line.push_str(&format!(
            " … ({} in all; --json lists every one)",
            items.len()
        ));
    }
    line
}

/// The note said once when the time limit cuts a template short: the
/// solutions from then on are printed without it.
pub(super) fn template_cut() {
    note(
        "solve: the time limit ran out while the output template was being evaluated: the solution is printed without it (as `name = value` lines)",
    );
}

#[cfg(test)]
mod tests {
    use super::Printer;

    /// What a printer writing into memory printed, and its exit code.
    fn printed(json: bool, print: impl FnOnce(&mut Printer<&mut Vec<u8>>)) -> (String, u8) {
        let mut out = Vec::new();
        let mut printer = Printer::to(&mut out, json);
        print(&mut printer);
        let code = printer.finish(0).expect("written");
        (String::from_utf8(out).expect("UTF-8"), code)
    }

    #[test]
    fn solutions_are_set_apart_and_a_cut_count_is_never_bare() {
        let (text, code) = printed(false, |p| {
            p.rendered(&serde_json::Value::Null, "x = 1\n");
            p.rendered(&serde_json::Value::Null, "x = 2\n");
            p.solution_count(2, Some("the time limit ran out"));
        });
        assert_eq!(
            text,
            "x = 1\n\nx = 2\n\nat least 2 solutions (stopped: the time limit ran out)\n"
        );
        assert_eq!(code, 0);
        let (json, _) = printed(true, |p| {
            p.rendered(&serde_json::json!({"x": 1}), "x = 1\n");
            p.count(1, Some("the node limit was reached"));
        });
        assert_eq!(
            json,
            "{\"x\":1}\n{\"at_least\":1,\"stopped\":\"the node limit was reached\"}\n"
        );
    }

    /// A writer that is always full.
    struct Full;

    impl std::io::Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("no space left"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Err(std::io::Error::other("no space left"))
        }
    }

    #[test]
    fn a_write_that_fails_is_an_error_not_a_panic() {
        let mut printer = Printer::to(Full, false);
        printer.line("x = 1");
        printer.flush();
        assert!(printer.failed());
        let error = printer.finish(0).expect_err("the write failed");
        assert!(
            format!("{error:?}").contains("cannot write the output"),
            "{error:?}"
        );
    }
}
