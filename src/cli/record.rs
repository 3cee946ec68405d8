//! `--trace N` and `--tree FILE`: what the search records of its first
//! events, and where it goes once the run is over (stderr, an SVG drawing
//! or Graphviz DOT).

use super::SolveArgs;
use super::output::note;
use solve::diagnostic::Error;
use solve::search::trace::Recorder;
use solve::session::Session;

/// Events a `--tree` records (a small run's whole tree).
const TREE_EVENTS: usize = 10_000;

/// `--trace` and `--tree`: the session records the search's first events
/// (a `--tree` path that cannot be written is found before the search).
pub(super) fn start(session: &mut Session, args: &SolveArgs) -> Result<(), Error> {
    if let Some(path) = &args.tree {
        let kind = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if kind != "svg" && kind != "dot" {
            return Err(super::refusal(
                format!(
                    "--tree writes a drawing (.svg) or Graphviz DOT (.dot), not `{}`",
                    path.display()
                ),
                "name the file FILE.svg, or FILE.dot and convert it: `dot -Tpng FILE.dot -o FILE.png`",
            ));
        }
        write_tree(path, "")?;
    }
    if args.trace.is_some() || args.tree.is_some() {
        let shown = args.trace.unwrap_or(0) as usize;
        let limit = if args.tree.is_some() {
            shown.max(TREE_EVENTS)
        } else {
            shown
        };
        let recorder = Recorder::new(limit, args.trace.is_some(), session.lowered().model());
        session.set_recorder(Some(recorder));
    }
    Ok(())
}

/// After the run: the trace on stderr, the tree written to its file.
pub(super) fn show(session: &Session, args: &SolveArgs) -> Result<(), Error> {
    let Some(recorder) = session.recorder() else {
        return Ok(());
    };
    let model = session.lowered().model();
    if let Some(n) = args.trace {
        for line in recorder.text(model, n as usize) {
            note(&line);
        }
    }
    if let Some(path) = &args.tree {
        let svg = path.extension().is_some_and(|e| e == "svg");
        // The tree is built from the recording once, drawn or refused.
        let tree = solve::search::tree::Tree::new(recorder, model);
        let columns = tree.columns();
        if svg && columns > MOST_SVG_COLUMNS {
            // Too wide to read: said, not drawn (the empty file goes).
            let _ = std::fs::remove_file(path);
            note(&format!(
                "solve: the search tree has {columns} leaves, too wide to read as SVG (about {} pixels): {} not written; draw fewer with --limit N or --node-limit N, or write FILE.dot for Graphviz",
                columns * 64,
                path.display()
            ));
            return Ok(());
        }
        write_tree(path, &if svg { tree.svg() } else { tree.dot() })?;
    }
    Ok(())
}

/// The widest tree drawn as SVG: 400 leaves, about 25,600 pixels.
const MOST_SVG_COLUMNS: usize = 400;

/// `--tree FILE`: writes `text` there.
fn write_tree(path: &std::path::Path, text: &str) -> Result<(), Error> {
    std::fs::write(path, text).map_err(|e| {
        super::refusal(
            format!("cannot write `{}`: {e}", path.display()),
            "--tree FILE needs a file it can create",
        )
    })
}
