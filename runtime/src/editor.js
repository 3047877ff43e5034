// CodeMirror 6 editor for one cell: Python highlighting in Material's code colours (so
// light and dark schemes both read well), Shift+Enter / Ctrl+Enter to run, Tab indents
// (Esc then Tab leaves the editor, CodeMirror's standard escape hatch for keyboard users).
import { EditorState, Prec } from "@codemirror/state";
import {
  EditorView,
  keymap,
  lineNumbers,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab, isolateHistory } from "@codemirror/commands";
import {
  HighlightStyle,
  syntaxHighlighting,
  indentOnInput,
  bracketMatching,
  indentUnit,
} from "@codemirror/language";
import { closeBrackets, closeBracketsKeymap } from "@codemirror/autocomplete";
import { python } from "@codemirror/lang-python";
import { tags } from "@lezer/highlight";

const v = (name) => `var(--md-code-hl-${name}-color)`;
const highlight = HighlightStyle.define([
  {
    tag: [
      tags.keyword,
      tags.controlKeyword,
      tags.operatorKeyword,
      tags.definitionKeyword,
      tags.moduleKeyword,
    ],
    color: v("keyword"),
  },
  { tag: [tags.string, tags.special(tags.string)], color: v("string") },
  { tag: [tags.number, tags.bool, tags.null], color: v("number") },
  { tag: tags.comment, color: v("comment"), fontStyle: "italic" },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: v("function") },
  { tag: [tags.definition(tags.variableName), tags.className], color: v("name") },
  { tag: [tags.operator, tags.punctuation], color: v("operator") },
  { tag: tags.self, color: v("special") },
  { tag: tags.propertyName, color: v("variable") },
]);

const theme = EditorView.theme({
  "&": { fontSize: "0.85em", backgroundColor: "var(--md-code-bg-color)", color: "var(--md-code-fg-color)" },
  ".cm-content": {
    fontFamily: "var(--md-code-font-family)",
    caretColor: "var(--md-code-fg-color)",
    padding: "0.6em 0",
  },
  ".cm-gutters": {
    backgroundColor: "var(--md-code-bg-color)",
    color: "var(--md-default-fg-color--light)",
    border: "none",
  },
  ".cm-activeLine, .cm-activeLineGutter": { backgroundColor: "var(--md-default-fg-color--lightest)" },
  "&.cm-focused": { outline: "2px solid var(--md-accent-fg-color)", outlineOffset: "1px" },
  ".cm-cursor": { borderLeftColor: "var(--md-code-fg-color)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": {
    backgroundColor: "var(--md-accent-fg-color--transparent)",
  },
});

/** Create an editor in ``parent``; ``onRun`` runs the cell, ``onChange(text)`` saves it. */
export function createEditor(parent, doc, { onRun, onChange, label }) {
  const runKeys = Prec.highest(
    keymap.of([
      {
        key: "Shift-Enter",
        run: () => {
          onRun();
          return true;
        },
      },
      {
        key: "Mod-Enter",
        run: () => {
          onRun();
          return true;
        },
      },
    ]),
  );
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        runKeys,
        lineNumbers(),
        highlightActiveLineGutter(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        closeBrackets(),
        highlightActiveLine(),
        indentUnit.of("    "),
        python(),
        syntaxHighlighting(highlight),
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
        theme,
        EditorView.contentAttributes.of({
          "aria-label": label,
          spellcheck: "false",
          autocapitalize: "off",
          autocorrect: "off",
        }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
  return view;
}

/** Replace the whole text as one undoable change (Reset can be undone with Ctrl+Z). */
export function replaceText(view, text) {
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: text },
    annotations: isolateHistory.of("full"),
    userEvent: "input.reset",
  });
}
