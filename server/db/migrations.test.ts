// One migration history for both engines: the same ids, in the same order.
import { describe, expect, it } from "vitest";
import { migrations } from "./migrations.ts";
import { postgresMigrations } from "./migrations-postgres.ts";

describe("the migrations", () => {
  it("have the same ids in the same order for SQLite and PostgreSQL", () => {
    expect(postgresMigrations.map((m) => m.id)).toEqual(migrations.map((m) => m.id));
  });

  it("are numbered NNNN-what, ascending", () => {
    const ids = migrations.map((m) => m.id);
    for (const id of ids) expect(id).toMatch(/^\d{4}-[a-z0-9-]+$/);
    expect([...ids].sort()).toEqual(ids);
  });
});
