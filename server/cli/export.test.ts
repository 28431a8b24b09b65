import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { testApp } from "../../tests/support/app.ts";
import { csvCell, csvRow } from "./csv.ts";

describe("csv", () => {
  it("quotes what needs quoting and defuses formulas", () => {
    expect(csvRow(["a", 'b "c"', "x,y", "l1\nl2", null, 3])).toBe('a,"b ""c""","x,y","l1\nl2",,3\r\n');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("-1")).toBe("'-1");
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}x`).replace(/^"/, "")).toMatch(/^'/);
  });
});

/** A data folder with two leads (one with cells a spreadsheet would run) and a subscriber. */
async function seededDataDir() {
  const { app, dataDir } = await testApp();
  const details = encodeURIComponent('Line 1\nLine 2, "quoted"');
  await app.inject({ url: `/contactUs?email=ann@example.com&name=Ann%2C%20Lee&details=${details}` });
  await app.inject({
    url: `/contactUs?email=eve@example.com&name=${encodeURIComponent('=HYPERLINK("http://evil.example","x")')}&details=${encodeURIComponent("@SUM(A1)")}`,
  });
  await app.inject({
    url: "/mailingList?list=tallyway.example&what=subscribe&email=bo@example.com&first_name=%2B1%20Bo",
  });
  await app.close();
  return dataDir;
}

describe("npm run leads / subscribers", () => {
  it("writes the stored leads since a date, and the subscribers, as CSV", async () => {
    const dataDir = await seededDataDir();
    const run = (...args: string[]) =>
      execFileSync(process.execPath, ["server/cli/export.ts", ...args], {
        env: { ...process.env, DATA_DIR: dataDir },
      }).toString();
    const leads = run("leads", "--since", "2000-01-01", "--format", "csv");
    const attribution =
      "first_source,first_campaign,first_landing,visit_source,visit_campaign,visit_landing,first_medium,visit_medium";
    expect(leads.split("\r\n")[0]).toBe(`id,created_at,domain,type,name,email,subject,details,${attribution}`);
    expect(leads).toMatch(
      /^1,\d{4}-\d\d-\d\dT[\d:.]+Z,www\.tallyway\.example,Lead,"Ann, Lee",ann@example\.com,Tallyway website enquiry,"Line 1\nLine 2, ""quoted""",,,,,,,,\r\n/m,
    );
    expect(run("leads", "--since", "2999-01-01").split("\r\n").filter(Boolean)).toHaveLength(1);
    expect(run("subscribers")).toMatch(/^1,tallyway\.example,bo@example\.com,'\+1 Bo,,pending,[^,]+,,,,,,,,,\r\n$/m);
  }, 30_000);

  it("through `npm run -s`, stdout is CSV only: a CSV parser reads every row back, formulas defused", async () => {
    const dataDir = await seededDataDir();
    const npm = (...args: string[]) =>
      execFileSync("npm", ["run", "-s", ...args], { env: { ...process.env, DATA_DIR: dataDir } }).toString();
    const leads = parse(npm("leads", "--", "--since", "2000-01-01"), { columns: true }) as Record<string, string>[];
    expect(leads.map((lead) => [lead.name, lead.details])).toEqual([
      ["Ann, Lee", 'Line 1\nLine 2, "quoted"'],
      ['\'=HYPERLINK("http://evil.example","x")', "'@SUM(A1)"],
    ]);
    const subscribers = parse(npm("subscribers"), { columns: true }) as Record<string, string>[];
    expect(subscribers).toEqual([
      expect.objectContaining({ email: "bo@example.com", first_name: "'+1 Bo", status: "pending" }),
    ]);
  }, 60_000);

  it("prints its usage for --help, and one line naming an unknown option or a missing database, with exit code 1", () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ["server/cli/export.ts", ...args], { encoding: "utf8" });
    for (const what of ["leads", "subscribers"]) {
      const help = run(what, "--help");
      expect(help.status).toBe(0);
      expect(help.stdout).toContain(`Usage: npm run ${what} --`);
      const unknown = run(what, "--sine", "2026-01-01");
      expect(unknown.status).toBe(1);
      expect(unknown.stdout).toBe("");
      expect(unknown.stderr).toBe(`Unknown option '--sine': see "npm run ${what} -- --help".\n`);
    }
    // A day the calendar does not have is refused, not rolled over into March (issue 39).
    for (const day of ["2026-02-30", "2027-02-29", "2026-04-31", "2026-1-1"]) {
      const impossible = run("leads", "--since", day);
      expect([day, impossible.status, impossible.stdout]).toEqual([day, 1, ""]);
      expect(impossible.stderr).toBe(
        `--since must be a real day written YYYY-MM-DD, such as 2026-03-01 ("${day}" is not).\n`,
      );
    }
    const noDatabase = run("leads", "--data-dir", mkdtempSync(path.join(tmpdir(), "empty-")));
    expect(noDatabase.status).toBe(1);
    expect(noDatabase.stderr).toMatch(
      /^No database at .*site\.sqlite: set DATA_DIR \(or --data-dir\) to the server's data folder\.\n$/,
    );
  }, 30_000);
});

describe("the commands' settings", () => {
  it("read DATA_DIR and DATABASE_URL as the server does: a bad value is named in one line", () => {
    for (const [script, args] of [
      ["server/cli/export.ts", ["leads"]],
      ["server/cli/users.ts", ["list"]],
      ["server/cli/backup.ts", ["backup", "x.sqlite"]],
    ] as const) {
      const run = spawnSync(process.execPath, [script, ...args], {
        env: { ...process.env, DATABASE_URL: "mysql://db/site" },
        encoding: "utf8",
      });
      expect([script, run.status, run.stderr]).toEqual([
        script,
        1,
        "Invalid configuration:\n  - DATABASE_URL must start with postgres:// or postgresql:// (got a value of 15 characters)\n",
      ]);
    }
  }, 30_000);
});
