/**
 * CodeMirror 6 in markdown mode, as a controlled field: `revision` moving means `value` replaces the text.
 * It lives in a shadow root: there CodeMirror styles itself with constructed style sheets, which the
 * console's policy allows, where in the document it would add <style> elements the policy refuses.
 */
import { useEffect, useRef } from "react";
import { markdown } from "@codemirror/lang-markdown";
import { EditorView, minimalSetup } from "codemirror";

const theme = EditorView.theme({
  "&": { fontSize: "0.875rem", backgroundColor: "white", height: "100%" },
  ".cm-content": {
    fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
    padding: "0.75rem 0",
    minHeight: "18rem",
  },
  ".cm-line": { padding: "0 0.875rem" },
  ".cm-scroller": { overflow: "auto" },
  "&.cm-focused": { outline: "none" },
});

export function MarkdownEditor({
  value,
  revision,
  onChange,
  label,
  framed = true,
}: {
  value: string;
  revision: number;
  onChange(text: string): void;
  /** The field's accessible name (a label outside the shadow root cannot name it). */
  label: string;
  /** With its own border; TextEditor draws one around it and its switch. */
  framed?: boolean;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });

  useEffect(() => {
    const shadow = host.current!.shadowRoot ?? host.current!.attachShadow({ mode: "open" });
    const editor = new EditorView({
      doc: value,
      root: shadow,
      parent: shadow,
      extensions: [
        minimalSetup,
        markdown(),
        EditorView.lineWrapping,
        theme,
        EditorView.contentAttributes.of({ "aria-label": label, "aria-multiline": "true" }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) changed.current(update.state.doc.toString());
        }),
      ],
    });
    view.current = editor;
    return () => editor.destroy();
    // One editor per mount; later values arrive through `revision`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value)
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    // Only a new revision replaces the text: the editor's own changes already are `value`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revision]);

  return (
    <div
      ref={host}
      className={
        framed
          ? "h-full min-h-72 overflow-hidden rounded-lg border border-slate-300 shadow-sm focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30"
          : "h-full min-h-72"
      }
    />
  );
}
