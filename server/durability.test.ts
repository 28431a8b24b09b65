// The real server when the disk, the database file or another process goes wrong: no lead is
// answered with success unless it is on disk, and /healthz says which check fails (issue 25).
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureBuild } from "../tests/support/app.ts";
import { mountExt4, mountTmpfs } from "../tests/support/disks.ts";
import { holdWriteLock } from "../tests/support/lock-holder.ts";
import { startServer, type RunningServer } from "../tests/support/server.ts";
import { databaseFile, openDatabase } from "./db/database.ts";

const buildDir = fixtureBuild({ "features/index.html": "<!DOCTYPE html><title>Features</title>" });
const env = {
  BUILD_DIR: buildDir,
  RATE_LIMIT_PER_MINUTE: "100000",
  QUESTIONS_PER_NETWORK_PER_HOUR: "100000",
  MEASURE_RATE_LIMIT: "100000",
};
let sent = 0;

/** One lead through GET /contactUs: its status and body. */
async function lead(server: RunningServer, details = "Q") {
  const email = `lead${sent++}@example.com`;
  const response = await fetch(`${server.url}/contactUs?email=${email}&details=${encodeURIComponent(details)}`);
  return { email, status: response.status, body: (await response.json()) as { message?: string; error?: string } };
}

async function health(server: RunningServer) {
  const response = await fetch(`${server.url}/healthz`);
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

const storedEmails = (dataDir: string) => {
  const db = openDatabase(databaseFile(dataDir));
  try {
    return new Set((db.prepare("SELECT email FROM leads").all() as { email: string }[]).map((row) => row.email));
  } finally {
    db.close();
  }
};

const logLines = (server: RunningServer, text: string) =>
  server
    .output()
    .split("\n")
    .filter((line) => line.includes(text));

describe("the database file deleted or moved while the server runs", { timeout: 60_000 }, () => {
  it("answers every lead after the rm 503, says so once in the log and in /healthz, and acks nothing it loses", async () => {
    const server = await startServer(env);
    try {
      for (let i = 0; i < 3; i++) expect((await lead(server)).status).toBe(200);
      expect((await health(server)).status).toBe(200);
      const file = databaseFile(server.dataDir);
      for (const name of [file, `${file}-wal`, `${file}-shm`]) rmSync(name, { force: true });

      const after = [];
      for (let i = 0; i < 5; i++) after.push(await lead(server));
      expect(after.map((answer) => answer.status)).toEqual([503, 503, 503, 503, 503]);
      expect(after.every((answer) => typeof answer.body.error === "string" && !answer.body.message)).toBe(true);
      const state = await health(server);
      expect(state.status).toBe(503);
      expect(state.body).toMatchObject({
        status: "unavailable",
        file: "error: the database file site.sqlite was deleted",
      });
      expect(logLines(server, "site.sqlite was deleted while the server runs")).toHaveLength(1);
    } finally {
      await server.stop();
    }
    // Nothing answered with success after the rm is missing from the database the next start opens.
    const again = await startServer({ ...env, DATA_DIR: server.dataDir });
    await again.stop();
    expect(storedEmails(server.dataDir).size).toBe(0);
  });

  it("takes leads again once the file is back where it was", async () => {
    const server = await startServer(env);
    try {
      const file = databaseFile(server.dataDir);
      renameSync(file, `${file}.moved`);
      expect((await lead(server)).status).toBe(503);
      renameSync(`${file}.moved`, file);
      const back = await lead(server);
      expect(back.status).toBe(200);
      expect((await health(server)).status).toBe(200);
      expect(logLines(server, "the database file is back")).toHaveLength(1);
      await server.stop();
      expect(storedEmails(server.dataDir).has(back.email)).toBe(true);
    } finally {
      await server.stop();
    }
  });
});

describe("another process holding the write lock", { timeout: 60_000 }, () => {
  it("keeps pages and the pixel answering while a lead waits, then answers the lead 503, and takes leads again after", async () => {
    // A long lock wait, so the pages below are surely served while the lead still waits.
    const server = await startServer({ ...env, DATABASE_LOCK_WAIT_MS: "8000" });
    const holder = await holdWriteLock(databaseFile(server.dataDir));
    try {
      let leadDone = false;
      const waiting = lead(server).finally(() => (leadDone = true));
      const served: { status: number; leadDone: boolean }[] = [];
      for (const url of ["/", "/features", "/rum/tallyway/home.png?uid=x", "/assets/missing.js", "/"]) {
        const response = await fetch(`${server.url}${url}`);
        await response.arrayBuffer();
        served.push({ status: response.status, leadDone });
      }
      expect(served).toEqual([200, 200, 200, 404, 200].map((status) => ({ status, leadDone: false })));
      const state = await health(server);
      expect(state.status).toBe(503);
      expect(state.body.database).toMatch(/^error: the database is locked by another process \(SQLITE_BUSY/);
      const answer = await waiting;
      expect(answer.status).toBe(503);
      expect(answer.body.error).toMatch(/try again/);
    } finally {
      await holder.release();
    }
    try {
      expect((await lead(server)).status).toBe(200);
      expect((await health(server)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe("a full or read-only disk (small file systems the test mounts; needs root)", { timeout: 90_000 }, () => {
  const mounts: { unmount(): void }[] = [];
  afterAll(() => mounts.forEach((mount) => mount.unmount()));

  it("full: /healthz names the disk, no lead is answered with success unless stored, the log names SQLITE_FULL", async () => {
    const disk = mountTmpfs(12);
    mounts.push(disk);
    const dataDir = path.join(disk.dir, "data");
    mkdirSync(dataDir);
    const server = await startServer({ ...env, DATA_DIR: dataDir, MIN_FREE_DISK_MB: "2" });
    const acked: string[] = [];
    try {
      expect((await health(server)).status).toBe(200);
      // Fill the file system to the last byte.
      for (let i = 0, size = 1024 * 1024; size >= 512; i++) {
        try {
          writeFileSync(path.join(disk.dir, `filler-${i}`), Buffer.alloc(size, 1));
        } catch {
          size /= 2;
        }
      }
      const state = await health(server);
      expect(state.body.disk, JSON.stringify(state.body)).toMatch(/^error: 0 MB free, below MIN_FREE_DISK_MB \(2\)$/);
      expect(state.status).toBe(503);
      // Leads with a long text until one cannot be written (the WAL may have room for a few).
      const failed = [];
      for (let i = 0; i < 200 && failed.length < 3; i++) {
        const answer = await lead(server, "x".repeat(4000));
        if (answer.status === 200) acked.push(answer.email);
        else failed.push(answer);
      }
      // The server's log tail says why, should this ever fail.
      expect(
        failed.map((answer) => answer.status),
        server.output().slice(-3000),
      ).toEqual([500, 500, 500]);
      expect(logLines(server, "SQLITE_FULL").length, server.output().slice(-3000)).toBeGreaterThan(0);
      expect(server.output()).not.toMatch(/cannot rollback/);
      // Room again: leads are taken and the check is ok.
      for (let i = 0; i < 4; i++) rmSync(path.join(disk.dir, `filler-${i}`));
      const later = await lead(server);
      expect(later.status).toBe(200);
      acked.push(later.email);
      expect((await health(server)).status).toBe(200);
    } finally {
      await server.stop();
    }
    const stored = storedEmails(dataDir);
    expect(acked.filter((email) => !stored.has(email))).toEqual([]);
  });

  it("read-only: after the kernel turns the disk read-only, /healthz is 503 and no lead is answered with success", async () => {
    const disk = mountExt4(32);
    mounts.push(disk);
    const server = await startServer({ ...env, DATA_DIR: disk.dir, MIN_FREE_DISK_MB: "1" });
    try {
      expect((await lead(server)).status).toBe(200);
      expect((await health(server)).status).toBe(200);
      disk.turnReadOnly();
      const state = await health(server);
      expect(state.status).toBe(503);
      expect(state.body.disk).toBe("error: EROFS");
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await lead(server));
      expect(answers.map((answer) => answer.status)).toEqual([500, 500, 500]);
      expect(server.output()).not.toMatch(/cannot rollback/);
    } finally {
      await server.stop();
    }
  });
});
