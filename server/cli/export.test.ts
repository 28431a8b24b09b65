import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { testApp } from "../../tests/support/app.ts";
import { csvCell, csvRow } from "./csv.ts";

describe("csv", () => {
  it("quotes what needs quoting and defuses formulas", () => {
    expect(csvRow(["a", 'b "c"', "x,y", "l1\nl2", null, 3])).toBe('a,"b ""c""","x,y","l1\nl2",,3\r\n');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("-1")).toBe("'-1");
  });
});

describe("npm run leads / subscribers", () => {
  it("writes the stored leads since a date, and the subscribers, as CSV", async () => {
    const { app, dataDir } = await testApp();
    await app.inject({ url: "/contactUs?email=ann@example.com&name=Ann%2C%20Lee&details=Line%201%0ALine%202" });
    await app.inject({ url: "/mailingList?list=tallyway.example&what=subscribe&email=bo@example.com&first_name=Bo" });
    await app.close();
    const run = (...args: string[]) =>
      execFileSync(process.execPath, ["server/cli/export.ts", ...args], { env: { ...process.env, DATA_DIR: dataDir } }).toString();
    const leads = run("leads", "--since", "2000-01-01", "--format", "csv");
    expect(leads.split("\r\n")[0]).toBe("id,created_at,domain,type,name,email,subject,details");
    expect(leads).toMatch(
      /^1,\d{4}-\d\d-\d\dT[\d:.]+Z,www\.tallyway\.example,Lead,"Ann, Lee",ann@example\.com,Tallyway website enquiry,"Line 1\nLine 2"\r\n$/m,
    );
    expect(run("leads", "--since", "2999-01-01").split("\r\n").filter(Boolean)).toHaveLength(1);
    expect(run("subscribers")).toMatch(/^1,tallyway\.example,bo@example\.com,Bo,,pending,[^,]+,\r\n$/m);
  }, 30_000);
});
