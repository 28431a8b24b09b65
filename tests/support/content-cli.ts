/**
 * `npm run content` as an operator runs it beside a running server: the real server process on
 * the real build (npm run build first), an owner account to act as, and the CLI in another
 * process on the server's data folder.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll } from "vitest";
import { openStores } from "../../server/stores.ts";
import { startServer, type RunningServer } from "./server.ts";

const run = promisify(execFile);

/** The server on build/client with a fresh SQLite DATA_DIR, once it listens and has the owner ann@example.com. */
async function startContentServer(): Promise<RunningServer> {
  if (!existsSync(path.resolve("build/server/index.js")))
    throw new Error('No build: run "npm run build" before this test');
  const server = await startServer({ BUILD_DIR: path.resolve("build/client") });
  const stores = await openStores({ databaseUrl: "", dataDir: server.dataDir });
  await stores.console.addAccount({ email: "ann@example.com", role: "owner", passwordHash: "unused" }, new Date());
  await stores.close();
  return server;
}

/** `npm run content -- …` on `dataDir`: its exit code and output, also when it fails. */
const contentCli = (dataDir: string, ...args: string[]) =>
  run(process.execPath, ["server/cli/content.ts", ...args, "--data-dir", dataDir]).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: "" }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );

/**
 * This test file's content server: started (with the owner) before its tests, stopped after them.
 * `server` is the running server; `content` runs the CLI on its data folder.
 */
export function useContentServer() {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startContentServer();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });
  const started = () => {
    if (!server) throw new Error("the content server has not started");
    return server;
  };
  return {
    get server() {
      return started();
    },
    content: (...args: string[]) => contentCli(started().dataDir, ...args),
  };
}
