// Two real server processes on one PostgreSQL serving the real build (npm run build first): a
// publish through the store on another connection reaches both instances by NOTIFY alone (their
// periodic check set to 10 minutes); a third, started later, shows it at once, and when its LISTEN
// connection is cut its one-second check still finds the next publish. Each wait is for the page.
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../tests/support/server.ts";
import { testPostgres } from "../../tests/support/services.ts";
import { openEngine } from "../db/engine.ts";
import { storesOn, type Stores } from "../stores.ts";
import { contentPublishing } from "./publishing.ts";

let postgres: Awaited<ReturnType<typeof testPostgres>>;
let databaseUrl: string;
let stores: Stores;
const servers: RunningServer[] = [];

beforeAll(async () => {
  if (!existsSync(path.resolve("build/server/index.js")))
    throw new Error('No build: run "npm run build" before this test');
  postgres = await testPostgres();
  databaseUrl = await postgres.databaseUrl();
  stores = storesOn(await openEngine({ databaseUrl, dataDir: "" }));
  for (const _ of [1, 2])
    servers.push(
      await startServer({
        BUILD_DIR: path.resolve("build/client"),
        DATABASE_URL: databaseUrl,
        CONTENT_CHECK_SECONDS: "600",
      }),
    );
}, 90_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await stores?.close();
  await postgres?.stop();
}, 60_000);

const shows = async (server: RunningServer, text: string) =>
  (await (await fetch(`${server.url}/`)).text()).includes(text);

describe("a publish on several instances", { timeout: 60_000 }, () => {
  it("reaches every instance within 5 s", async () => {
    const [a, b] = servers;
    const heading = "Time tracking, published to every instance";
    expect(await shows(b, heading)).toBe(false);
    const publishing = contentPublishing(stores.content, (entry) => stores.console.audit(entry));
    const editor = { account: "ann@example.com", address: "test", now: new Date() };
    await publishing.save("home-heading", `# ${heading}`, 0, editor);
    const published = Date.now();
    await publishing.publish("home-heading", undefined, undefined, editor);
    const seenAfter = await Promise.all(
      [a, b].map(async (server) => {
        while (!(await shows(server, heading))) {
          if (Date.now() - published > 5000) throw new Error(`${server.url} does not show the publish after 5 s`);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        return Date.now() - published;
      }),
    );
    for (const ms of seenAfter) expect(ms).toBeLessThanOrEqual(5000);
    expect(await (await fetch(`${b.url}/_.data`)).text()).toContain(heading);
  });

  it("a new instance starts with what is published; its check finds a publish its LISTEN missed", async () => {
    const late = await startServer({
      BUILD_DIR: path.resolve("build/client"),
      DATABASE_URL: databaseUrl,
      CONTENT_CHECK_SECONDS: "1",
    });
    servers.push(late);
    expect(await shows(late, "Time tracking, published to every instance")).toBe(true);
    const pool = stores.database.kind === "postgres" ? stores.database.pool : undefined;
    const cut = await pool!.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN %'");
    expect(cut.rowCount).toBe(3);
    const publishing = contentPublishing(stores.content, (entry) => stores.console.audit(entry));
    const editor = { account: "ann@example.com", address: "test", now: new Date() };
    await publishing.save("home-heading", "# Found by the check", 1, editor);
    await publishing.publish("home-heading", undefined, undefined, editor);
    const published = Date.now();
    while (!(await shows(late, "Found by the check"))) {
      if (Date.now() - published > 5000) throw new Error("the check did not find the publish in 5 s");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(late.output()).not.toMatch(/unhandled|uncaught/i);
  });
});
