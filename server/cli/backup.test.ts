// npm run backup while the real server takes leads, then npm run restore: every lead answered
// with success before the backup began is in the restored database (issue 25 point 5).
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { fixtureBuild } from "../../tests/support/app.ts";
import { startServer } from "../../tests/support/server.ts";
import { loadServerConfig } from "../config.ts";
import { databaseFile, openDatabase } from "../db/database.ts";

const run = promisify(execFile);
const buildDir = fixtureBuild();
const env = { BUILD_DIR: buildDir, RATE_LIMIT_PER_MINUTE: "1000000", QUESTIONS_PER_NETWORK_PER_HOUR: "1000000" };

/** Runs `npm run backup|restore -- <file>` the way an operator does; resolves with its exit code and output. */
async function npm(command: "backup" | "restore", file: string, dataDir: string, ...flags: string[]) {
  try {
    const { stdout, stderr } = await run("npm", ["run", "-s", command, "--", file, ...flags], {
      env: { ...process.env, DATA_DIR: dataDir },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

const emailsIn = (file: string) => {
  const db = openDatabase(file);
  try {
    return new Set((db.prepare("SELECT email FROM leads").all() as { email: string }[]).map((row) => row.email));
  } finally {
    db.close();
  }
};

describe("npm run backup and npm run restore", { timeout: 120_000 }, () => {
  it("backs up while leads are written, and the restore has every lead acked before the backup began", async () => {
    const server = await startServer(env);
    const backups = mkdtempSync(path.join(tmpdir(), "backups-"));
    const file = path.join(backups, "site.sqlite");
    const acked: string[] = [];
    let sent = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const email = `backup${sent++}@example.com`;
        const response = await fetch(`${server.url}/contactUs?email=${email}&details=Q`);
        if (response.status === 200 && (await response.json()).message) acked.push(email);
      }
    };
    const workers = Array.from({ length: 4 }, worker);
    let ackedBefore: string[];
    let backup;
    try {
      while (acked.length < 100) await new Promise((resolve) => setTimeout(resolve, 10));
      ackedBefore = [...acked];
      backup = await npm("backup", file, server.dataDir);
      // Leads kept coming while the copy was made.
      const during = acked.length;
      while (acked.length < during + 20) await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      stop = true;
      await Promise.all(workers);
      await server.stop();
    }
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      /^Backed up \S+ to \S+site\.sqlite: [\d.]+ MB in [\d.]+ s, integrity_check ok\.\nIt holds .+\nNot in it: .+\n$/,
    );
    expect(readdirSync(backups)).toEqual(["site.sqlite"]);
    expect(ackedBefore.filter((email) => !emailsIn(file).has(email))).toEqual([]);

    // Restore over the live database (it has leads the backup lacks): the old files are kept aside.
    const restore = await npm("restore", file, server.dataDir);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(
      /^Restored \S+ into \S+ \(its newsletter secret is DATA_DIR's already\); the replaced database is kept as \S+site\.sqlite\.before-restore-\S+ \(with its -wal and -shm\)\. Start the server now\.\n$/,
    );
    expect(existsSync(`${databaseFile(server.dataDir)}-wal`)).toBe(false);
    const restored = emailsIn(databaseFile(server.dataDir));
    expect(ackedBefore.filter((email) => !restored.has(email))).toEqual([]);
    expect(restored.size).toBeLessThan(acked.length);

    // The server starts on the restored database and takes leads.
    const again = await startServer({ ...env, DATA_DIR: server.dataDir });
    try {
      expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${again.url}/contactUs?email=after@example.com&details=Q`)).status).toBe(200);
    } finally {
      await again.stop();
    }
  });

  it("restore refuses while a server uses DATA_DIR, and refuses a damaged backup, changing nothing", async () => {
    const server = await startServer(env);
    const backups = mkdtempSync(path.join(tmpdir(), "backups-"));
    const good = path.join(backups, "good.sqlite");
    try {
      expect((await npm("backup", good, server.dataDir)).code).toBe(0);
      const refused = await npm("restore", good, server.dataDir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /^DATA_DIR \S+ is in use by a running server \(server \d+\): stop it first, then restore; nothing was changed\.\n$/,
      );
      const again = await npm("backup", good, server.dataDir);
      expect([again.code, again.stderr]).toEqual([
        1,
        `${good} exists already: choose a new file name (a backup never overwrites one).\n`,
      ]);
    } finally {
      await server.stop();
    }
    const damaged = path.join(backups, "damaged.sqlite");
    writeFileSync(damaged, "not a database at all, just text that someone saved under the wrong name".repeat(100));
    const refused = await npm("restore", damaged, server.dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `The backup ${damaged} is not a SQLite database: nothing was changed. Choose another backup.\n`,
    );
    expect(readdirSync(server.dataDir).some((name) => name.includes("before-restore"))).toBe(false);
  });

  it("carries the newsletter secret: a confirm link mailed before the backup works after a restore into a new DATA_DIR", async () => {
    const server = await startServer(env);
    const { mailingList } = loadServerConfig({ ...process.env, ...env }).site;
    const root = mkdtempSync(path.join(tmpdir(), "restore-elsewhere-"));
    // Neither folder exists yet: the README's `npm run backup -- backups/…` on a fresh clone, a restore to a new machine.
    const file = path.join(root, "backups", "site.sqlite");
    const fresh = path.join(root, "new-machine", "data");
    let link: string;
    let backup;
    try {
      const email = "kept-link@example.com";
      expect(
        (
          await fetch(
            `${server.url}/mailingList?${new URLSearchParams({ list: mailingList, what: "subscribe", email })}`,
          )
        ).status,
      ).toBe(200);
      const mailDir = path.join(server.dataDir, "mail");
      // The mail is written while this waits: wait for the link itself, not only for the file.
      const linkIn = (name: string) =>
        /\/mailingList\/confirm\?token=[\w.=-]+/.exec(
          readFileSync(path.join(mailDir, name), "utf8").replace(/=\n/g, ""),
        );
      const eml = await waitForFile(
        () =>
          existsSync(mailDir) && readdirSync(mailDir).find((name) => name.endsWith(".eml") && linkIn(name) !== null),
      );
      link = linkIn(eml)![0];
      link = link.replace("=3D", "=");
      backup = await npm("backup", file, server.dataDir);
    } finally {
      await server.stop();
    }
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain("the newsletter secret");
    expect(backup.stdout).toContain("DKIM");
    expect(backup.stdout).toContain("console accounts");

    const restore = await npm("restore", file, fresh);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(readFileSync(path.join(fresh, "newsletter-secret"), "utf8")).toBe(
      readFileSync(path.join(server.dataDir, "newsletter-secret"), "utf8"),
    );
    const again = await startServer({ ...env, DATA_DIR: fresh });
    try {
      const opened = await fetch(`${again.url}${link}`);
      expect(opened.status).toBe(200);
      expect(await opened.text()).toContain('action="/mailingList/confirm"');
    } finally {
      await again.stop();
    }

    // A DATA_DIR with another secret: the restore would break the links that one signed, so it stops unless told.
    const other = mkdtempSync(path.join(tmpdir(), "other-secret-"));
    writeFileSync(path.join(other, "newsletter-secret"), "s".repeat(43));
    const refused = await npm("restore", file, other);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/newsletter-secret differs from the backup's.*--replace-secret/s);
    expect(readdirSync(other)).not.toContain("site.sqlite");
    expect(readFileSync(path.join(other, "newsletter-secret"), "utf8")).toBe("s".repeat(43));
    const replaced = await npm("restore", file, other, "--replace-secret");
    expect(replaced.code).toBe(0);
    expect(readFileSync(path.join(other, "newsletter-secret"), "utf8")).toBe(
      readFileSync(path.join(fresh, "newsletter-secret"), "utf8"),
    );
    expect(readdirSync(other).some((name) => name.startsWith("newsletter-secret.before-restore-"))).toBe(true);
  });
});

async function waitForFile(check: () => string | false | undefined): Promise<string> {
  for (let i = 0; i < 500; i++) {
    const found = check();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("no mail was written");
}
