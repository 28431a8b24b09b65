/** PostgreSQL's LISTEN for publishes on one pooled connection; if it is lost, plugin.ts's check listens again. */
import type { Pool } from "../db/postgres.ts";

/** Listens until the returned function is called; `onPublish` gets each notification's key. */
export type PublishListener = (
  onPublish: (key: string) => void,
) => Promise<{ stop(): Promise<void>; alive(): boolean }>;

export async function listenForPublishes(pool: Pool, channel: string, onPublish: (key: string) => void) {
  const client = await pool.connect();
  let alive = true;
  const lost = () => {
    if (!alive) return;
    alive = false;
    client.release(true);
  };
  client.on("notification", (message) => {
    if (message.channel === channel) onPublish(message.payload ?? "");
  });
  client.on("error", lost);
  try {
    await client.query(`LISTEN ${channel}`);
  } catch (error) {
    lost();
    throw error;
  }
  return {
    alive: () => alive,
    async stop() {
      if (!alive) return;
      alive = false;
      await client.query(`UNLISTEN ${channel}`).catch(() => undefined);
      client.release();
    },
  };
}
