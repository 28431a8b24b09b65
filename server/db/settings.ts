/**
 * A value every instance must share, in the `settings` table: the first instance to ask creates
 * it (ON CONFLICT DO NOTHING), and every instance reads back the one that won.
 */
import type { DatabaseEngine } from "./engine.ts";

export async function sharedSetting({ queries }: DatabaseEngine, name: string, create: () => string): Promise<string> {
  await queries
    .insertInto("settings")
    .values({ name, value: create() })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const row = await queries.selectFrom("settings").select("value").where("name", "=", name).executeTakeFirst();
  if (!row) throw new Error(`setting ${name} was not stored`);
  return row.value;
}
