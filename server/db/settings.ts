/**
 * Values every instance must share, kept in the database's `settings` table (migration 0200):
 * the first instance to ask creates the value (INSERT … ON CONFLICT DO NOTHING), and every
 * instance reads back the one that won, so two instances starting together agree.
 */
import type { DatabaseEngine } from "./engine.ts";

export async function sharedSetting(engine: DatabaseEngine, name: string, create: () => string): Promise<string> {
  if (engine.kind === "postgres") {
    await engine.pool.query("INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [
      name,
      create(),
    ]);
    const { rows } = await engine.pool.query<{ value: string }>("SELECT value FROM settings WHERE name = $1", [name]);
    if (!rows[0]) throw new Error(`setting ${name} was not stored`);
    return rows[0].value;
  }
  engine.db
    .prepare("INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING")
    .run(name, create());
  return (engine.db.prepare("SELECT value FROM settings WHERE name = ?").get(name) as { value: string }).value;
}
