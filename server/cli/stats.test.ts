import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { seedUsage } from "../../tests/support/usage-data.ts";
import { databaseFile, openDatabase } from "../db/database.ts";

const stats = (...args: string[]) =>
  spawnSync(process.execPath, ["server/cli/stats.ts", ...args], { encoding: "utf8" });

describe("npm run stats", () => {
  it("writes the HTML report with its charts from the server's database", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "stats-data-"));
    const db = openDatabase(databaseFile(dataDir));
    seedUsage(db);
    db.close();
    const html = stats("--format", "html", "--days", "30", "--data-dir", dataDir);
    expect(html.status).toBe(0);
    expect(html.stdout).toMatch(/^<!doctype html>/);
    expect(html.stdout.match(/<svg\b/g)!.length).toBeGreaterThanOrEqual(9);
    expect(html.stdout).toContain("<title>Tallyway usage report,");
    const text = stats("--data-dir", dataDir);
    expect(text.stdout).toMatch(
      /^Usage from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d \(UTC days, both included; 30 days\): [1-9]\d* page views/,
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(stats("--from", "2026-01-01", "--to", today, "--data-dir", dataDir).stdout).toMatch(
      new RegExp(`^Usage from 2026-01-01 to ${today} `),
    );
    // Sources, campaigns, goals and the funnel of the seeded month (issue 21).
    expect(text.stdout).toMatch(/^Sources \(\d+ visits;/m);
    expect(text.stdout).toMatch(/^Google +search +\d+ +\d+ +\d+ \([\d.]+%\)/m);
    expect(text.stdout).toMatch(/^autumn +newsletter +email +\d+/m);
    expect(text.stdout).toMatch(/^Contact sent +\d+ +[\d.]+%/m);
    expect(text.stdout).toMatch(/^Landing +\d+ +100% +-/m);
    expect(text.stdout).toMatch(/^Lead sent +\d+ +[\d.]+% +[\d.]+%/m);
  }, 30_000);

  it("prints its usage for --help, and one line with exit code 1 for an unknown option, a bad value or no database", () => {
    const help = stats("--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(
      /^Usage: npm run -s stats -- \[--days N \| --from YYYY-MM-DD --to YYYY-MM-DD\] \[--format text\|json\|html\]/,
    );
    const future = stats("--from", "2026-01-01", "--to", "2999-01-01");
    expect([future.status, future.stderr]).toEqual([
      1,
      expect.stringMatching(/^--from and --to: The range ends on 2999-01-01, after today/),
    ]);
    const unknown = stats("--day", "7");
    expect([unknown.status, unknown.stderr]).toEqual([1, `Unknown option '--day': see "npm run stats -- --help".\n`]);
    expect(stats("--format", "pdf").stderr).toBe('--format must be text, json or html (got "pdf").\n');
    const noDatabase = stats("--data-dir", mkdtempSync(path.join(tmpdir(), "empty-")));
    expect(noDatabase.status).toBe(1);
    expect(noDatabase.stderr).toMatch(
      /^No database at .*site\.sqlite: set DATA_DIR \(or --data-dir\) to the server's data folder\.\n$/,
    );
  }, 30_000);
});
