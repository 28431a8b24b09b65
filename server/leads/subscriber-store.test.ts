// The SQLite SubscriberStore against the store contract, plus what only SQLite shows: every
// sign-up request commits a write, whatever the address's state (equal work).
import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import type { OutgoingMail } from "../outbox/mail.ts";
import { sqliteSubscriberStore } from "./store-sqlite.ts";
import { describeSubscriberStoreContract } from "./subscriber-store.contract.ts";

function sqliteHarness() {
  const db = openDatabase(":memory:");
  const queued: OutgoingMail[] = [];
  const store = sqliteSubscriberStore(db, { add: (mail) => void queued.push(mail as OutgoingMail) });
  return { db, store, queuedMails: () => queued, close: () => db.close() };
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
