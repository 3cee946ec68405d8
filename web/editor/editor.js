// The playground's editor: CodeMirror 6 with TOML highlighting, line
// numbers, the spec's diagnostics underlined at their spans (with their
// help lines in the hover and the gutter), and marks for the constraints
// an explanation names. scripts/build-playground.sh bundles this file
// and its npm packages (package-lock.json) into web/page/editor.js.
import { EditorView, basicSetup } from "codemirror";
import { EditorState, StateEffect, StateField } from "@codemirror/state";
import { Decoration } from "@codemirror/view";
import { StreamLanguage } from "@codemirror/language";
import { toml } from "@codemirror/legacy-modes/mode/toml";
import { setDiagnostics, lintGutter } from "@codemirror/lint";

// Marks over whole ranges (the constraints an explanation names).
const setMarks = StateEffect.define();
const marks = StateField.define({
  create: () => Decoration.none,
  update(value, tr) {
    value = value.map(tr.changes);
    for (const e of tr.effects) if (e.is(setMarks)) value = e.value;
    return value;
  },
  provide: (f) => EditorView.decorations.from(f),
});
const conflict = Decoration.mark({ class: "cm-conflict" });

// parent: the element to fill; onChange(text) after every edit.
export function createEditor(parent, onChange) {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: "",
      extensions: [
        basicSetup,
        StreamLanguage.define(toml),
        lintGutter(),
        EditorView.lineWrapping,
        marks,
        EditorView.updateListener.of((u) => u.docChanged && onChange(u.state.doc.toString())),
        EditorView.theme({
          "&": { height: "100%", fontSize: "13px" },
          ".cm-scroller": { fontFamily: "ui-monospace, monospace" },
          ".cm-conflict": { backgroundColor: "#ffe3a3" },
        }),
      ],
    }),
  });
  const clamp = (n) => Math.max(0, Math.min(n, view.state.doc.length));
  return {
    view,
    text: () => view.state.doc.toString(),
    setText(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    // [{from, to, message}]: UTF-16 offsets, as CodeMirror counts.
    setDiagnostics(list) {
      const diagnostics = list.map((d) => {
        const from = clamp(d.from);
        return { from, to: Math.max(from, clamp(d.to)), severity: "error", message: d.message };
      });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    // [{from, to}]: ranges to mark, e.g. conflicting constraints; the
    // first is scrolled into view when it is out of it. Only the editor
    // scrolls, never the page: on a phone, where the editor is above the
    // panels, the panel being read stays where it is.
    mark(ranges) {
      const set = Decoration.set(
        ranges.map((r) => conflict.range(clamp(r.from), Math.max(clamp(r.from) + 1, clamp(r.to)))),
        true,
      );
      view.dispatch({ effects: setMarks.of(set) });
      if (ranges.length === 0) return;
      view.requestMeasure({
        read: () => {
          const first = Math.min(...ranges.map((r) => clamp(r.from)));
          const last = Math.max(...ranges.map((r) => clamp(r.to)));
          const scroller = view.scrollDOM;
          // Block tops are from the document's top; the scroller's
          // content starts that far down.
          const offset = view.documentTop - scroller.getBoundingClientRect().top + scroller.scrollTop;
          const top = view.lineBlockAt(first).top + offset;
          const bottom = view.lineBlockAt(last).bottom + offset;
          const height = scroller.clientHeight;
          if (top >= scroller.scrollTop && bottom <= scroller.scrollTop + height) return null;
          // The marks from a third of the way down, or their start at the
          // top when they are taller than the editor.
          return bottom - top > height ? top : Math.max(0, top - height / 3);
        },
        write: (to) => {
          if (to !== null) view.scrollDOM.scrollTop = to;
        },
      });
    },
    select(from, to) {
      view.dispatch({ selection: { anchor: clamp(from), head: clamp(to) }, scrollIntoView: true });
      view.focus();
    },
  };
}
