/** A value to paste elsewhere (an image's reference, its markdown) with a Copy button that says when it copied. */
import { useRef, useState } from "react";
import { Icon } from "#app/features/console/icons.tsx";

export function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState<"yes" | "select" | undefined>();
  const code = useRef<HTMLElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      // No clipboard (an http:// console, a denied permission): the text is selected for Ctrl+C instead.
      const range = document.createRange();
      range.selectNodeContents(code.current!);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      setCopied("select");
    }
  };
  return (
    <div className="min-w-0">
      <span className="mb-1 block text-xs font-semibold tracking-wide text-muted uppercase">{label}</span>
      <div className="flex min-w-0 items-stretch rounded-lg border border-line bg-surface">
        <code ref={code} className="min-w-0 flex-1 px-3 py-2 font-mono text-xs break-all text-ink">
          {value}
        </code>
        <button
          type="button"
          onClick={() => void copy()}
          onBlur={() => setCopied(undefined)}
          className="flex flex-none items-center gap-1.5 rounded-r-lg border-l border-line bg-white px-3 text-xs font-semibold text-brand-700 hover:bg-brand-50"
        >
          <Icon name="copy" className="h-4 w-4" />
          <span aria-live="polite">{copied === "yes" ? "Copied" : copied === "select" ? "Press Ctrl+C" : "Copy"}</span>
          <span className="sr-only"> {label.toLowerCase()}</span>
        </button>
      </div>
    </div>
  );
}
