import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { commandOutput, isNpmBanner } from "./npm-banner.ts";

const banner = "\n> tallyway-site@ leads\n> node server/cli/export.ts leads --since 2026-01-01\n\n";

/** A file as a shell's `>` (or `>>`) leaves it after npm has written `before`, open for writing at its end. */
function redirected(before: string, flags: "w" | "a" = "w") {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "npm-banner-")), "out.csv");
  const fd = openSync(file, flags);
  if (before) writeFileSync(fd, before);
  return { file, fd };
}

describe("npm's banner in a redirected file", () => {
  it("recognises npm's banner for the script, with or without the package's id", () => {
    expect(isNpmBanner(banner, "leads")).toBe(true);
    expect(isNpmBanner("\n> leads\n> node server/cli/export.ts leads\n\n", "leads")).toBe(true);
    expect(isNpmBanner(banner, "stats")).toBe(false);
    expect(isNpmBanner(`${banner}id,created_at\n`, "leads")).toBe(false);
  });

  it.each(["w", "a"] as const)("replaces exactly the banner with the output (open with %s)", (flags) => {
    const { file, fd } = redirected(banner, flags);
    const write = commandOutput(fd, "leads");
    write("id,name\n");
    write("1,Ann\n");
    closeSync(fd);
    expect(readFileSync(file, "utf8")).toBe("id,name\n1,Ann\n");
  });

  it("leaves a file with anything else in it, and output run without npm, as they are", () => {
    const earlier = redirected(`earlier rows\n${banner}`, "a");
    const lines: string[] = [];
    commandOutput(earlier.fd, "leads", { write: (text) => lines.push(text) })("id,name\n");
    expect(lines).toEqual(["id,name\n"]);
    expect(readFileSync(earlier.file, "utf8")).toBe(`earlier rows\n${banner}`);
    const plain = redirected(banner);
    commandOutput(plain.fd, undefined, { write: (text) => lines.push(text) })("x\n");
    expect(readFileSync(plain.file, "utf8")).toBe(banner);
  });
});
