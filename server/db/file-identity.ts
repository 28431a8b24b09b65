/**
 * Is the database file at its path still the one this process writes? After an `rm data/site.sqlite*` or a copy over
 * it, every lead written is gone at the next start. Two stat calls a check, cheap enough for every commit.
 */
import { closeSync, existsSync, fstatSync, openSync, statSync } from "node:fs";
import path from "node:path";

export interface FileIdentity {
  /** Undefined while every file is the one opened; else what happened, in a few words. */
  problem(): string | undefined;
  close(): void;
}

/** Watches `file` and its `-wal` (when there is one) from now on. */
export function watchFileIdentity(file: string): FileIdentity {
  const watched = [file, `${file}-wal`]
    .filter((name) => existsSync(name))
    .map((name) => ({ name, fd: openSync(name, "r") }));
  return {
    problem() {
      for (const { name, fd } of watched) {
        const opened = fstatSync(fd);
        if (opened.nlink === 0) return `${path.basename(name)} was deleted`;
        let now;
        try {
          now = statSync(name);
        } catch {
          return `${path.basename(name)} was deleted`;
        }
        if (now.ino !== opened.ino || now.dev !== opened.dev)
          return `${path.basename(name)} was replaced by another file`;
      }
      return undefined;
    },
    close() {
      for (const { fd } of watched) closeSync(fd);
      watched.length = 0;
    },
  };
}
