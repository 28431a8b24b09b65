/**
 * How a build folder (build/client) maps to URLs, for the build's steps and the server that
 * serves it alike (Node only: it reads the folder): every file at any depth, and the URL path
 * each file is served at.
 */
import { readdirSync } from "node:fs";
import path from "node:path";

/** Every file under `dir`, at any depth. */
export function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** URL path of a file in the build: "features/index.html" is served at "/features". */
export function urlPathOf(relative: string): string {
  const posix = relative.split(path.sep).join("/");
  if (posix === "index.html") return "/";
  return `/${posix.replace(/\/index\.html$/, "")}`;
}
