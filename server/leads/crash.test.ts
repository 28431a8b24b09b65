// SIGKILL while contact submissions are in flight: every submission that got a success
// answer must be in the database after a restart (WAL + synchronous=FULL, commit before answer).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureBuild } from "../../tests/support/app.ts";
import { startServer } from "../../tests/support/server.ts";
import { databaseFile, openDatabase } from "../db/database.ts";

describe("a killed server", () => {
  it("keeps every lead it answered with success", async () => {
    const env = {
      BUILD_DIR: fixtureBuild(),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "crash-data-")),
      RATE_LIMIT_PER_MINUTE: "1000000",
      QUESTIONS_PER_NETWORK_PER_HOUR: "1000000",
    };
    const server = await startServer(env);
    const acknowledged: string[] = [];
    let sent = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const email = `crash${sent++}@example.com`;
        try {
          const response = await fetch(`${server.url}/contactUs?email=${email}&details=Q`);
          if (response.status === 200 && (await response.json()).message) acknowledged.push(email);
        } catch {
          // The connection died with the server: no success answer, no promise made.
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    // Kill once a good number were answered, with eight more on the wire.
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 10));
    server.child.kill("SIGKILL");
    await server.exited;
    stop = true;
    await Promise.all(workers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);
    expect(sent).toBeGreaterThan(acknowledged.length);

    const again = await startServer(env);
    const db = openDatabase(databaseFile(env.DATA_DIR));
    const stored = new Set(
      (db.prepare("SELECT email FROM leads").all() as { email: string }[]).map((row) => row.email),
    );
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
    // Each stored lead has its notification queued with it (one transaction).
    expect(db.prepare("SELECT count(*) AS n FROM outbox").get()).toEqual({ n: stored.size });
    db.close();
    await again.stop();
  }, 30_000);
});
