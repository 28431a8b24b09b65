/**
 * `npm run leads > leads.csv` gets npm's own two-line banner first, and npm 11 drops it only with settings
 * that hide other commands' output too. So when stdout is a regular file holding exactly npm's banner for
 * this script, it is emptied and the output written from its start. A pipe still gets it (`npm run -s`).
 */
import { fstatSync, ftruncateSync, readFileSync, writeSync } from "node:fs";

/** npm's banner: a blank line, "> [name@version ]event", "> command args", and a blank line. */
export function isNpmBanner(text: string, event: string): boolean {
  const escaped = event.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^\\n> (?:\\S+ )?${escaped}\\n> [^\\n]*\\n\\n?$`).test(text);
}

/** What the regular file open as `fd` holds, read through a description of its own; undefined for anything else. */
function fileText(fd: number): string | undefined {
  try {
    const stat = fstatSync(fd);
    // Linux's /proc opens the file again for reading, whatever fd was opened for.
    if (stat.isFile() && stat.size > 0 && stat.size < 4096) return readFileSync(`/proc/self/fd/${fd}`, "utf8");
  } catch {
    // Not readable this way (another system, no permission): the banner stays.
  }
  return undefined;
}

/** Writes the command's output to stdout, in place of npm's banner when that is all the file holds. */
export function commandOutput(
  fd = 1,
  event = process.env.npm_lifecycle_event,
  stdout: { write(text: string): unknown } = process.stdout,
): (text: string) => void {
  const text = event ? fileText(fd) : undefined;
  if (text === undefined || !isNpmBanner(text, event!)) return (line) => void stdout.write(line);
  ftruncateSync(fd, 0);
  // Written at explicit positions: fd's own offset still points past the banner.
  let position = 0;
  return (line) => {
    const bytes = Buffer.from(line);
    for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
    position += bytes.length;
  };
}
