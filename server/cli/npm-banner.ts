/**
 * `npm run leads -- --since 2026-01-01 > leads.csv`, as the README has it: npm writes its own two
 * lines ("> tallyway-site@ leads", "> node server/cli/export.ts leads …") into the file before the
 * command starts. npm 11 keeps them off stdout only with loglevel=silent, which also hides
 * `npm install`'s errors, or json=true, which turns every npm command's output into JSON (a
 * listing of each installed package). So a command whose output is meant for a file removes them
 * itself: when stdout is a regular file that holds exactly npm's banner for this script, it is
 * emptied and the output written from its start. A pipe still gets the banner (`npm run -s`).
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
