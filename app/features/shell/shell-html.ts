import { createContext, useContext } from "react";

/** The shell's static parts, each the id of the wrapper that holds its HTML in the document. */
export type ShellPart = "header-brand" | "header-actions" | "header-menu" | "site-footer";

/**
 * The shell's static parts as HTML (ShellContent.tsx), given by entry.server.tsx to the server render
 * only: the browser has no provider and adopts what the document holds, so the HTML is not repeated
 * in the hydration data (docs/hydration-plan.md, step 4).
 */
export const ShellHtml = createContext<Record<ShellPart, string> | undefined>(undefined);

/** What the browser found in the document, read once per part, so React never sets it again. */
const adopted = new Map<ShellPart, string>();

/** A shell part's HTML: the server's, or in the browser the document's own (for StaticHtml's `id`). */
export function useShellHtml(part: ShellPart): string {
  const server = useContext(ShellHtml);
  if (server) return server[part];
  let html = adopted.get(part);
  if (html === undefined) adopted.set(part, (html = document.getElementById(part)?.innerHTML ?? ""));
  return html;
}
