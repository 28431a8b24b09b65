/**
 * A long text (a page's text, a post's): written in the rich-text editor, or in markdown, with a
 * switch between them at the top. Both edit the same markdown, so the switch loses nothing; the
 * view last chosen is remembered in this browser. The rich editor's code loads only when it shows.
 */
import { lazy, Suspense, useState } from "react";
import { MarkdownEditor } from "./MarkdownEditor.tsx";

const RichTextEditor = lazy(() => import("./rich-text/RichTextEditor.tsx"));

type View = "rich" | "markdown";
const remembered = "console.text-view";

function rememberedView(): View {
  try {
    return localStorage.getItem(remembered) === "markdown" ? "markdown" : "rich";
  } catch {
    return "rich";
  }
}

export function TextEditor({
  value,
  revision,
  onChange,
  label,
  invalid = false,
}: {
  value: string;
  revision: number;
  onChange(text: string): void;
  /** The field's accessible name, the same in both views. */
  label: string;
  invalid?: boolean;
}) {
  const [view, setView] = useState<View>(rememberedView);
  const choose = (next: View) => {
    setView(next);
    try {
      localStorage.setItem(remembered, next);
    } catch {
      // Private windows may refuse storage: the switch still works for this page.
    }
  };
  const switcher = (
    <div role="group" aria-label="Edit as" className="flex shrink-0 rounded-md border border-line bg-white p-0.5">
      {(["rich", "markdown"] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={view === option}
          onClick={() => choose(option)}
          className={`min-h-7 rounded px-2 text-xs font-semibold ${
            view === option ? "bg-brand-600 text-white" : "text-ink hover:bg-surface"
          }`}
        >
          {option === "rich" ? "Rich text" : "Markdown"}
        </button>
      ))}
    </div>
  );
  return (
    <div
      className={`rte-frame overflow-clip rounded-lg border bg-white shadow-sm focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30 ${
        invalid ? "border-danger-600" : "border-slate-300"
      }`}
    >
      {view === "rich" ? (
        <Suspense
          fallback={
            <>
              <div className="flex min-h-12 items-center border-b border-line bg-surface px-2 py-1.5">{switcher}</div>
              <p className="min-h-72 px-5 py-4 text-sm text-muted" aria-busy="true">
                Loading the editor…
              </p>
            </>
          }
        >
          <RichTextEditor value={value} revision={revision} onChange={onChange} label={label} switcher={switcher} />
        </Suspense>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 border-b border-line bg-surface px-2 py-1.5">
            {switcher}
            <p className="text-xs text-muted">
              ## heading, **bold**, *italic*, - list, [link](/contact), ![what it shows](image)
            </p>
          </div>
          <MarkdownEditor value={value} revision={revision} onChange={onChange} label={label} framed={false} />
        </>
      )}
    </div>
  );
}
