// The SubscriberStore against the store contract on SQLite (stores.contract.test.ts runs it on
// PostgreSQL), plus what only SQLite shows: every sign-up request commits a write, whatever the
// address's state (equal work).
import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { sqliteQueries } from "../db/query.ts";
import { priorityOf, priorityRank, type OutgoingMail } from "../outbox/mail.ts";
import { subscriberStore } from "./subscriber-store.ts";
import { describeSubscriberStoreContract } from "./subscriber-store.contract.ts";

function sqliteHarness() {
  const db = openDatabase(":memory:");
  const store = subscriberStore(sqliteQueries(db));
  // The mails queued in the outbox, oldest first, as they were added (a priority other than normal said).
  const queuedMails = () =>
    (db.prepare("SELECT mail, priority FROM outbox ORDER BY id").all() as { mail: string; priority: number }[]).map(
      ({ mail, priority }): OutgoingMail => ({
        ...JSON.parse(mail),
        ...(priority !== priorityRank.normal && { priority: priorityOf(priority) }),
      }),
    );
  return { db, store, queuedMails, close: () => db.close() };
}

describeSubscriberStoreContract("SQLite", async () => sqliteHarness());

describe("SQLite SubscriberStore: equal work", () => {
  it("commits one write for a subscribed address as for a new one (the time of the request)", async () => {
    const { db, store, close } = sqliteHarness();
    const entry = { list: "l", email: "eq@example.com", firstName: "", lastName: "" };
    const mail = (s: { email: string }) => ({ to: s.email, subject: "", text: "", html: "" });
    const first = await store.addSubscriber(entry, mail, new Date("2026-03-01T10:00:00Z"));
    await store.confirmSubscriber(
      first.subscriber.id,
      first.subscriber.confirmNonce!,
      new Date("2026-03-01T11:00:00Z"),
    );
    const changesBefore = (db.prepare("SELECT total_changes() AS n").get() as { n: number }).n;
    await store.addSubscriber(entry, mail, new Date("2026-03-01T12:00:00Z"));
    expect((db.prepare("SELECT total_changes() AS n").get() as { n: number }).n).toBeGreaterThan(changesBefore);
    expect(db.prepare("SELECT requested_at FROM subscribers").get()).toEqual({
      requested_at: "2026-03-01T12:00:00.000Z",
    });
    close();
  });
});
