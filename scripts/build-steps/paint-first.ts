/** Build step wrapper of common/paint-first.ts, which the server's re-render after a publish applies too. */
import { readFileSync, writeFileSync } from "node:fs";
import { paintFirst } from "#common/paint-first.ts";
import { htmlFiles, type BuiltSite } from "./output.ts";

export { deferredBootstrap, isPaintFirst, paintFirst, PaintFirstError, paintWaitLimitMs } from "#common/paint-first.ts";

/** Build step: every prerendered HTML file (the pages and React Router's SPA fallback) paints first. */
export async function paintFirstPages({ dir }: BuiltSite): Promise<string> {
  const files = htmlFiles(dir);
  for (const file of files) writeFileSync(file, paintFirst(readFileSync(file, "utf8")));
  return `${files.length} HTML files`;
}
