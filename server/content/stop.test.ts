// A stop while the periodic content check is running, on PostgreSQL. The check used to go on after
// the plugin had closed: it found its LISTEN connection stopped, took a new one from the pool and
// kept it, and the pool's end waited for it for ever (server/instances.test.ts's afterAll timed out
// at 60 s). Here the check is held on a table lock until the listener has been stopped, while a
// mail to a silent SMTP peer keeps the outbox's stop (and so the pool's end) a few seconds away.
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { testApp, waitFor } from "../../tests/support/app.ts";
import { silentPeer } from "../../tests/support/smtp-peer.ts";
import { testPostgres } from "../../tests/support/services.ts";

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 60_000);

it("closes the app when a content check is running, leaving no connection in the pool", async () => {
  const postgres = await testPostgres();
  cleanups.push(() => postgres.stop());
  const peer = silentPeer();
  cleanups.push(() => peer.close());
  const { app } = await testApp(
    { DATABASE_URL: postgres.url, SMTP_URL: `smtp://127.0.0.1:${await peer.listening}`, CONTENT_CHECK_SECONDS: "0.1" },
    { stopGraceMs: 5_000, smtp: { connectionTimeout: 60_000, greetingTimeout: 60_000, socketTimeout: 60_000 } },
  );
  // One connection holds the lock, the other watches (a transaction sees one snapshot of pg_stat_activity).
  const [admin, locker] = [new pg.Client(postgres.url), new pg.Client(postgres.url)];
  for (const client of [admin, locker]) {
    await client.connect();
    cleanups.push(() => client.end());
  }
  const activity = async (where: string) =>
    (await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND ${where}`))
      .rows[0].n as number;

  // A send in flight: the outbox's stop waits for it (stopGraceMs) before the pool ends.
  expect((await app.inject("/contactUs?email=ann@example.com&details=Q")).statusCode).toBe(200);
  await waitFor(() => peer.open() > 0);
  // A schedule that is due: the next check claims it, then waits on the lock to audit it.
  const lockerPid = (await locker.query("SELECT pg_backend_pid() AS pid")).rows[0].pid as number;
  await locker.query("BEGIN");
  await locker.query("LOCK TABLE console_audit IN ACCESS EXCLUSIVE MODE");
  const by = { account: "ann@example.com", now: new Date() };
  await app.stores.content.save("products-home", "# Stop", { ...by, baseVersion: 0 });
  await app.stores.content.schedule("products-home", 1, new Date(0), by);
  await waitFor(async () => (await activity("wait_event_type = 'Lock' AND query LIKE '%console_audit%'")) > 0);
  const closed = app.close();
  // The listener has stopped: its connection ran UNLISTEN or is gone (a poll can miss the UNLISTEN
  // row when the connection closes right after it), so no connection's last query is a LISTEN.
  await waitFor(async () => (await activity("query LIKE 'LISTEN%'")) === 0, 60_000);
  await locker.query("ROLLBACK");
  // Before the fix the close waited here until PostgreSQL went away (the test's timeout).
  await closed;
  // A backend leaves pg_stat_activity a moment after its client hangs up: wait for that, not a count now.
  await waitFor(async () => (await activity(`datname = current_database() AND pid <> ${lockerPid}`)) === 0, 60_000);
}, 30_000);
