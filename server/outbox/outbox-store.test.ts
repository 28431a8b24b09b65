// The outbox store on SQLite: the contract on a real database file through two connections, the
// query plans (claims and pruning search their indexes, never scan the table), and the upgrade
// of an outbox queued before leases existed.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { migrations } from "../db/migrations.ts";
import { sqliteQueries } from "../db/query.ts";
import { outboxStoreContract } from "./outbox-store.contract.ts";
import { queueEntries } from "./outbox-row.ts";
import { dueRows, sqlOutboxStore } from "./outbox-sql.ts";

const sqliteOutboxStore = (db: ReturnType<typeof openDatabase>) => sqlOutboxStore(sqliteQueries(db));

const freshFile = () => path.join(mkdtempSync(path.join(tmpdir(), "outbox-")), "site.sqlite");

outboxStoreContract("SQLite, two connections to one file", async () => {
  const file = freshFile();
  const [one, two] = [openDatabase(file), openDatabase(file)];
  return {
    stores: [sqliteOutboxStore(one), sqliteOutboxStore(two)],
    close: () => {
      one.close();
      two.close();
    },
  };
});

describe("SQLite outbox query plans", () => {
  const plan = async (sql: string, ...params: unknown[]) => {
    const db = openDatabase(freshFile());
    // Enough rows, delivered and not, that a scan would be the planner's choice if no index fitted.
    await queueEntries(
      sqliteQueries(db),
      Array.from({ length: 500 }, (_, i) => ({
        entry: { to: "a@example.com", subject: "s", text: "t", html: "h", priority: i % 7 ? "normal" : "high" },
        now: new Date(),
      })),
    );
    db.exec("UPDATE outbox SET delivered_at = created_at WHERE id % 2 = 0; ANALYZE;");
    const details = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(params as string[])) as { detail: string }[]).map(
      (row) => row.detail,
    );
    db.close();
    return details;
  };

  it("claims by searching outbox_claim, in index order (no scan, no sort)", async () => {
    const due = dueRows(sqliteQueries(openDatabase(":memory:")), "mail", new Date(), 10).compile();
    const details = await plan(due.sql, ...due.parameters);
    expect(details).toEqual([
      expect.stringMatching(
        /^SEARCH outbox USING INDEX outbox_claim \(channel=\? AND priority=\? AND next_attempt_at<\?\)$/,
      ),
    ]);
    const claim = await plan(`UPDATE outbox SET leased_by = 'w' WHERE id IN (${due.sql})`, ...due.parameters);
    expect(claim.join("\n")).not.toMatch(/SCAN|TEMP B-TREE/);
  });

  it("prunes by searching outbox_delivered", async () => {
    const details = await plan(
      "SELECT id FROM outbox WHERE delivered_at IS NOT NULL AND delivered_at < ? ORDER BY delivered_at LIMIT ?",
      new Date().toISOString(),
      1000,
    );
    expect(details.join("\n")).toMatch(/SEARCH outbox USING COVERING INDEX outbox_delivered/);
    expect(details.join("\n")).not.toMatch(/SCAN|TEMP B-TREE/);
  });
});

/** A fresh database file with the migrations before `id` only, open. */
const migratedUpTo = (id: string) => {
  const file = freshFile();
  return {
    file,
    before: openDatabase(
      file,
      migrations.slice(
        0,
        migrations.findIndex((m) => m.id === id),
      ),
    ),
  };
};

describe("migration 0004-outbox-leases", () => {
  it("keeps the mails queued before it: due as before, normal priority", async () => {
    const { file, before } = migratedUpTo("0004-outbox-leases");
    before
      .prepare("INSERT INTO outbox (created_at, mail, next_attempt_at, attempts) VALUES (?, ?, ?, 2)")
      .run(
        "2026-01-01T00:00:00.000Z",
        JSON.stringify({ to: "a@example.com", subject: "old", text: "t", html: "h" }),
        "2026-01-01T00:00:00.000Z",
      );
    before.close();
    const db = openDatabase(file);
    const [old] = await sqliteOutboxStore(db).claimDue("w", new Date("2026-01-01T00:00:01.000Z"), 1000, 10);
    expect(old).toMatchObject({
      subject: "old",
      attempts: 2,
      priority: "normal",
      createdAt: new Date("2026-01-01T00:00:00.000Z"),
    });
    db.close();
  });
});

describe("migration 0050-outbox-proven-priority", () => {
  it("keeps a normal mail queued before it normal, below the new proven rank", async () => {
    const { file, before } = migratedUpTo("0050-outbox-proven-priority");
    const insert = before.prepare(
      "INSERT INTO outbox (created_at, mail, next_attempt_at, priority) VALUES (?, ?, ?, ?)",
    );
    const old = (subject: string) => JSON.stringify({ to: "a@example.com", subject, text: "t", html: "h" });
    insert.run("2026-01-01T00:00:00.000Z", old("normal"), "2026-01-01T00:00:00.000Z", 1);
    insert.run("2026-01-01T00:00:00.000Z", old("high"), "2026-01-01T00:00:00.000Z", 0);
    before.close();
    const db = openDatabase(file);
    const store = sqliteOutboxStore(db);
    await store.add(
      { to: "b@example.com", subject: "proven", text: "t", html: "h", priority: "proven" },
      new Date("2026-01-01T00:00:00.500Z"),
    );
    const claimed = await store.claimDue("w", new Date("2026-01-01T00:00:01.000Z"), 1000, 10);
    expect(claimed.map((mail) => ("subject" in mail ? [mail.subject, mail.priority] : []))).toEqual([
      ["high", "high"],
      ["proven", "proven"],
      ["normal", "normal"],
    ]);
    db.close();
  });
});
