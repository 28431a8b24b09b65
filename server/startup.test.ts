// The real server and `npm start`'s port check refuse to start with one line saying what to do, exit code 1.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
  closeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureBuild } from "../tests/support/app.ts";
import { spawnServer, startServer } from "../tests/support/server.ts";
import { databaseFile, openDatabase } from "./db/database.ts";
import { siteAddressLine } from "./startup.ts";

const buildDir = fixtureBuild();
const lines = (output: string) => output.trim().split("\n");

describe("starting the server", () => {
  it("prints one plain line with the brand and the address besides its JSON logs", async () => {
    const server = await startServer({ BUILD_DIR: buildDir, SITE_BRAND: "Acme" });
    try {
      expect(lines(server.output())).toContain(`Acme site on http://127.0.0.1:${server.port}`);
    } finally {
      await server.stop();
    }
  });

  it("refuses a port in use, before and after the build", async () => {
    const first = await startServer({ BUILD_DIR: buildDir });
    try {
      const second = spawnServer({ BUILD_DIR: buildDir, PORT: String(first.port) });
      expect(await second.exited).toBe(1);
      const message = `Port ${first.port} is already in use (another server is running on it?): stop that server, or choose another port, e.g. PORT=${first.port + 1} npm start.`;
      // stderr's last line: the log lines go to stdout, whose chunks can arrive after stderr's.
      expect(lines(second.errorOutput()).at(-1)).toBe(message);
      expect(second.output()).not.toMatch(/\n\s+at /);
      // npm start runs this before it builds.
      const check = spawnSync(process.execPath, ["server/cli/check-port.ts"], {
        env: { ...process.env, HOST: "127.0.0.1", PORT: String(first.port) },
        encoding: "utf8",
      });
      expect([check.status, check.stderr]).toEqual([1, `${message}\n`]);
    } finally {
      await first.stop();
    }
  }, 30_000);

  it("refuses to start without a build", async () => {
    const server = spawnServer({ BUILD_DIR: mkdtempSync(path.join(tmpdir(), "no-build-")) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(
      /^No build in \S+: run "npm run build" first \("npm start" builds, then starts\), or set BUILD_DIR to a build\.\n$/,
    );
  });

  it("refuses a DATA_DIR it cannot use", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "data-")), "a-file");
    writeFileSync(file, "");
    const server = spawnServer({ BUILD_DIR: buildDir, DATA_DIR: path.join(file, "data") });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(
      /^DATA_DIR \S+ cannot be used \(ENOTDIR\): set DATA_DIR to a folder this user can read and write \(default: data\), or fix its permissions\.\n$/,
    );
  });

  it("refuses a second server on the same DATA_DIR, and starts again after the first was killed", async () => {
    const first = await startServer({ BUILD_DIR: buildDir });
    const second = spawnServer({ BUILD_DIR: buildDir, DATA_DIR: first.dataDir, PORT: "0" });
    expect(await second.exited).toBe(1);
    expect(second.output()).toBe(
      `DATA_DIR ${path.relative(process.cwd(), first.dataDir)} is already used by a running server (server ${first.child.pid}): stop that server first, or give this one its own DATA_DIR.\n`,
    );
    // A server killed outright leaves no lock behind: the kernel drops it with the process.
    first.child.kill("SIGKILL");
    await first.exited;
    const third = await startServer({ BUILD_DIR: buildDir, DATA_DIR: first.dataDir });
    await third.stop();
  }, 30_000);

  describe("refuses a database file it cannot trust, in one line saying what to do", { timeout: 30_000 }, () => {
    /** A DATA_DIR that was used: a database with rows, the secret and the mail folder. */
    const usedDataDir = () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "used-data-"));
      const db = openDatabase(databaseFile(dataDir));
      db.exec("PRAGMA journal_mode = DELETE");
      db.exec("CREATE TABLE filler (x TEXT)");
      const insert = db.prepare("INSERT INTO filler VALUES (?)");
      db.exec("BEGIN");
      for (let i = 0; i < 2000; i++) insert.run(randomBytes(100).toString("hex"));
      db.exec("COMMIT");
      db.close();
      writeFileSync(path.join(dataDir, "newsletter-secret"), "k".repeat(43));
      mkdirSync(path.join(dataDir, "mail"));
      return dataDir;
    };
    const refusal = async (dataDir: string) => {
      const server = spawnServer({ BUILD_DIR: buildDir, DATA_DIR: dataDir });
      expect(await server.exited).toBe(1);
      expect(server.output()).not.toMatch(/\n\s+at /);
      expect(lines(server.output())).toHaveLength(1);
      return server.output();
    };
    const shownFile = (dataDir: string) => path.relative(process.cwd(), databaseFile(dataDir));
    const restoreHint = "restore from a backup: npm run restore -- <backup file>";

    it("random bytes", async () => {
      const dataDir = usedDataDir();
      writeFileSync(databaseFile(dataDir), randomBytes(64 * 1024));
      expect(await refusal(dataDir)).toBe(
        `The database ${shownFile(dataDir)} is not a SQLite database: ${restoreHint} (or move it away to start with an empty database).\n`,
      );
    });

    it("a truncated file", async () => {
      const dataDir = usedDataDir();
      truncateSync(databaseFile(dataDir), Math.floor(statSync(databaseFile(dataDir)).size / 3));
      expect(await refusal(dataDir)).toMatch(
        new RegExp(
          `^The database ${shownFile(dataDir)} is damaged \\(.+\\): ${restoreHint.replace(/[()<>]/g, "\\$&")}`,
        ),
      );
    });

    it("a file damaged in the middle", async () => {
      const dataDir = usedDataDir();
      const file = databaseFile(dataDir);
      const fd = openSync(file, "r+");
      writeSync(fd, randomBytes(8192), 0, 8192, Math.floor(statSync(file).size / 2 / 4096) * 4096);
      closeSync(fd);
      expect(await refusal(dataDir)).toMatch(/^The database \S+ is damaged \(.+\): restore from a backup/);
    });

    it("a zero-length file where data was", async () => {
      const dataDir = usedDataDir();
      truncateSync(databaseFile(dataDir), 0);
      expect(await refusal(dataDir)).toBe(
        `The database ${shownFile(dataDir)} is empty, but its folder holds other state (mail, newsletter-secret), so its data was lost: ${restoreHint} (or move the folder away to start afresh).\n`,
      );
      expect(statSync(databaseFile(dataDir)).size).toBe(0);
    });

    it("but starts on a zero-length file in a new DATA_DIR", async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "new-data-"));
      writeFileSync(databaseFile(dataDir), "");
      const server = await startServer({ BUILD_DIR: buildDir, DATA_DIR: dataDir });
      await server.stop();
    });
  });

  describe("refuses a newsletter secret that anyone could guess", { timeout: 30_000 }, () => {
    it("an empty or short secret file", async () => {
      for (const secret of ["", "\n", "short-secret"]) {
        const dataDir = mkdtempSync(path.join(tmpdir(), "secret-data-"));
        writeFileSync(path.join(dataDir, "newsletter-secret"), secret);
        const server = spawnServer({ BUILD_DIR: buildDir, DATA_DIR: dataDir });
        expect(await server.exited).toBe(1);
        const size = secret.trim() ? `only ${secret.trim().length} bytes` : "empty";
        expect(lines(server.errorOutput()).at(-1)).toBe(
          `The newsletter secret in ${path.relative(process.cwd(), path.join(dataDir, "newsletter-secret"))} is ${size} (at least 32 needed): delete the file to have a new one made (links already mailed stop working), or set NEWSLETTER_SECRET.`,
        );
        expect(server.output()).not.toMatch(/\n\s+at /);
      }
    });

    it("a short NEWSLETTER_SECRET", async () => {
      const server = spawnServer({ BUILD_DIR: buildDir, NEWSLETTER_SECRET: "x".repeat(31) });
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(
        /NEWSLETTER_SECRET must be at least 32 bytes long \(make one with: openssl rand -base64 32\)/,
      );
    });

    it("writes a new secret of 32 random bytes, readable by this user only", async () => {
      const server = await startServer({ BUILD_DIR: buildDir });
      await server.stop();
      const file = path.join(server.dataDir, "newsletter-secret");
      expect(readFileSync(file, "utf8")).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    });
  });

  it("the port check passes a free port quietly", () => {
    const check = spawnSync(process.execPath, ["server/cli/check-port.ts"], {
      env: { ...process.env, HOST: "127.0.0.1", PORT: "0" },
      encoding: "utf8",
    });
    expect([check.status, check.stdout, check.stderr]).toEqual([0, "", ""]);
  });
});

describe("siteAddressLine", () => {
  it("names localhost for a server on every interface", () => {
    expect(siteAddressLine("Tallyway", "0.0.0.0", 3000)).toBe("Tallyway site on http://localhost:3000");
    expect(siteAddressLine("Tallyway", "::", 8080)).toBe("Tallyway site on http://localhost:8080");
    expect(siteAddressLine("Tallyway", "::1", 3000)).toBe("Tallyway site on http://[::1]:3000");
  });
});
