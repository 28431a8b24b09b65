import { describe, expect, it } from "vitest";
import { openDatabase, transaction } from "../db/database.ts";
import { createBatchWriter } from "./batch-writer.ts";

const schema = [{ id: "0001-items", sql: "CREATE TABLE items (n INTEGER NOT NULL)" }];

function setUp(options: { flushEveryMs?: number; maxBatch?: number; maxQueued?: number } = {}) {
  const db = openDatabase(":memory:", schema);
  const insert = db.prepare("INSERT INTO items (n) VALUES (?)");
  const outsideTransaction: number[] = [];
  const writer = createBatchWriter<number>({
    writeBatch: (rows) =>
      transaction(db, () =>
        rows.forEach((n) => {
          if (!db.isTransaction) outsideTransaction.push(n);
          insert.run(n);
        }),
      ),
    ...options,
  });
  const count = () => (db.prepare("SELECT count(*) AS n FROM items").get() as { n: number }).n;
  return { writer, count, outsideTransaction };
}

describe("createBatchWriter", () => {
  it("holds rows until the timer fires, then writes them inside a transaction", async () => {
    const { writer, count, outsideTransaction } = setUp({ flushEveryMs: 20 });
    writer.add(1);
    writer.add(2);
    expect(count()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(count()).toBe(2);
    expect(outsideTransaction).toEqual([]);
  });

  it("writes without waiting for the timer once a full batch is queued", async () => {
    const { writer, count } = setUp({ flushEveryMs: 60_000, maxBatch: 3 });
    writer.add(1);
    writer.add(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(count()).toBe(0);
    writer.add(3);
    await new Promise((resolve) => setImmediate(resolve));
    expect(count()).toBe(3);
  });

  it("writes everything left on close", () => {
    const { writer, count } = setUp({ flushEveryMs: 60_000 });
    writer.add(1);
    writer.close();
    expect(count()).toBe(1);
  });

  it("drops and counts rows beyond maxQueued instead of growing without bound", () => {
    const { writer, count } = setUp({ flushEveryMs: 60_000, maxQueued: 2, maxBatch: 10 });
    for (let i = 0; i < 5; i++) writer.add(i);
    expect(writer.dropped).toBe(3);
    writer.close();
    expect(count()).toBe(2);
  });

  it("rolls back only the failing batch and keeps writing the others", () => {
    const errors: unknown[] = [];
    const db = openDatabase(":memory:", schema);
    const insert = db.prepare("INSERT INTO items (n) VALUES (?)");
    const writer = createBatchWriter<number | null>({
      writeBatch: (rows) => transaction(db, () => rows.forEach((n) => insert.run(n))),
      flushEveryMs: 60_000,
      maxBatch: 2,
      onError: (e) => errors.push(e),
    });
    writer.add(1);
    writer.add(null);
    writer.add(3);
    writer.close();
    expect(errors).toHaveLength(1);
    expect(db.prepare("SELECT n FROM items").all()).toEqual([{ n: 3 }]);
  });
});
