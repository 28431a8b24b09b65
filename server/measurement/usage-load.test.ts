// The real server (tests/support/server.ts) with two years of measurement: leads sent while
// 2-year usage reports run answer at once, not after them (issue 29: a report froze the server
// for 177 s); a report past its time budget answers 503 with a message.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fixtureBuild } from "../../tests/support/app.ts";
import { startServer, type RunningServer } from "../../tests/support/server.ts";
import { generateSqlite } from "../../tests/support/usage-volume.ts";
import { hashPassword } from "../console/passwords.ts";
import { databaseFile, openDatabase } from "../db/database.ts";
import { openStores } from "../stores.ts";

const origin = "https://www.tallyway.example";
const password = "plum-kettle-orbit-47";
const lead = `/contactUs?${new URLSearchParams({ domain: "www.tallyway.example", type: "Lead", name: "Load Test", email: "load@example.com", subject: "Hi", details: "Fast?" })}`;

let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "usage-load-"));
  const db = openDatabase(databaseFile(dataDir));
  generateSqlite(db, { pageViews: 200_000, visitors: 20_000, days: 730 });
  db.close();
  const stores = await openStores({ dataDir });
  await stores.console.addAccount(
    { email: "viewer@example.com", role: "viewer", passwordHash: await hashPassword(password) },
    new Date(),
  );
  await stores.close();
}, 120_000);

// A hundred megabytes: not left behind in the temporary folder.
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function serverSignedIn(env: Record<string, string> = {}): Promise<{ server: RunningServer; cookie: string }> {
  const server = await startServer({
    DATA_DIR: dataDir,
    BUILD_DIR: fixtureBuild(),
    RATE_LIMIT_PER_MINUTE: "1000000",
    QUESTIONS_PER_NETWORK_PER_HOUR: "1000000",
    MEASURE_RETENTION_DAYS: "800",
    ...env,
  });
  const response = await fetch(`${server.url}/admin/api/session`, {
    method: "POST",
    headers: { origin, "sec-fetch-site": "same-origin", "content-type": "application/json" },
    body: JSON.stringify({ email: "viewer@example.com", password }),
  });
  return { server, cookie: /^console_session=[^;]*/.exec(response.headers.get("set-cookie") ?? "")![0] };
}

describe("usage reports on a server with two years of measurement", () => {
  let running: RunningServer | undefined;
  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });

  it("answers leads while 2-year reports run, each long before the reports are done", async () => {
    const { server, cookie } = await serverSignedIn();
    running = server;
    const sendLead = async () => {
      const t = performance.now();
      const response = await fetch(`${server.url}${lead}`);
      expect(response.status).toBe(200);
      return performance.now() - t;
    };
    // The server's own speed for a lead with nothing else going on.
    const quiet: number[] = [];
    for (let i = 0; i < 10; i++) quiet.push(await sendLead());
    // Rounds of three 2-year reports at once, with leads one after another while any is still
    // running, until five leads were answered during reports: however fast the machine, the
    // test waits for that condition rather than counting on a report to last long enough.
    const busy: { lead: number; roundMs: number }[] = [];
    for (let round = 0; busy.length < 5; round++) {
      expect(round, "rounds of reports before five leads were measured during one").toBeLessThan(50);
      let done = 0;
      const started = performance.now();
      const reports = Array.from({ length: 3 }, () =>
        fetch(`${server.url}/admin/api/usage?days=730`, { headers: { cookie } })
          .then(async (response) => [response.status, (await response.json()).report?.totals.pageViews])
          .finally(() => done++),
      );
      const leads: number[] = [];
      while (done < reports.length) {
        const took = await sendLead();
        if (done < reports.length) leads.push(took);
      }
      // Every page view of the two years but the first day's (the report's 730 days end today).
      for (const [status, views] of await Promise.all(reports))
        expect([status, views]).toEqual([200, expect.closeTo(200_000, -3)]);
      const roundMs = performance.now() - started;
      busy.push(...leads.map((took) => ({ lead: took, roundMs })));
    }
    // A blocked event loop holds a lead for the whole report; one that is not answers it about as
    // fast as when quiet. Both figures are of this machine, so no time is assumed.
    const slowestQuiet = Math.max(...quiet);
    expect(busy.filter(({ lead, roundMs }) => lead >= roundMs / 2 && lead >= 3 * slowestQuiet + 5)).toEqual([]);
  }, 300_000);

  it("gives up a report past its time budget with 503 and a message the console shows", async () => {
    const { server, cookie } = await serverSignedIn({ USAGE_REPORT_BUDGET_MS: "1" });
    running = server;
    const response = await fetch(`${server.url}/admin/api/usage?days=730`, { headers: { cookie } });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: "The usage report took longer than 0.001 s and was given up; try a shorter range.",
    });
    // The server still answers.
    expect((await fetch(`${server.url}${lead}`)).status).toBe(200);
  }, 60_000);
});
