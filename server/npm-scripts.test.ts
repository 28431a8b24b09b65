// `npm start` and `npm run serve` as an operator's supervisor runs them: a SIGTERM to npm's own
// process (Docker, systemd, kill) must stop the server, not orphan it; `-- --help` prints usage.
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureBuild } from "../tests/support/app.ts";
import { freePort } from "../tests/support/free-port.ts";

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/**
 * `npm run <args>` in its own process group, so whatever it leaves behind can be ended; resolves
 * with its output's first match of `listening` once it has one, rejects if npm exits first.
 */
async function npmRun(args: string[], env: Record<string, string>, listening: RegExp) {
  const npm = spawn("npm", ["run", ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  npm.stdout.on("data", (chunk: Buffer) => (output += chunk));
  npm.stderr.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    npm.stdout.on("data", () => {
      const found = listening.exec(output);
      if (found) resolve(found);
    });
    void exited.then(() => reject(new Error(`npm exited: ${output}`)));
  });
  return { npm, match, exited, output: () => output };
}

describe("npm run serve and npm run dev", { timeout: 90_000 }, () => {
  it.each([
    ["serve", /listening at http:\/\/127\.0\.0\.1:(\d+)/, "SIGTERM: finishing in-flight requests"],
    ["dev", /Local:\s+http:\/\/(?:localhost|127\.0\.0\.1):(\d+)/, ""],
  ])("npm run %s listens on PORT and stops when npm's own process gets SIGTERM", async (script, listening, goodbye) => {
    const wanted = await freePort();
    const { npm, match, exited, output } = await npmRun(
      [script, ...(script === "dev" ? ["--", "--host", "127.0.0.1"] : [])],
      {
        // Set for this test run; the Vite config would leave the React Router plugin out.
        VITEST: "",
        BUILD_DIR: fixtureBuild(),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "npm-serve-")),
        HOST: "127.0.0.1",
        PORT: String(wanted),
        NO_COLOR: "1",
      },
      listening,
    );
    const port = Number(match[1]);
    try {
      expect(port).toBe(wanted);
      expect(await portOpen(port)).toBe(true);
      npm.kill("SIGTERM");
      await exited;
      // The server went with npm: nothing answers on its port any more.
      await expect.poll(() => portOpen(port), { timeout: 10_000 }).toBe(false);
      expect(output()).toContain(goodbye);
    } finally {
      // An orphaned server (the defect this tests) keeps npm's process group: end it.
      try {
        process.kill(-npm.pid!, "SIGKILL");
      } catch {
        // Nothing left in the group.
      }
    }
  });

  // A terminal's Ctrl-C: SIGINT to every process of the foreground group, and npm forwards its own.
  it("npm run serve stops gracefully on Ctrl-C (SIGINT to its process group): no WAL left", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "npm-ctrl-c-"));
    const { npm, exited, output } = await npmRun(
      ["serve"],
      { BUILD_DIR: fixtureBuild(), DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: "0" },
      /listening at/,
    );
    try {
      process.kill(-npm.pid!, "SIGINT");
      await exited;
      // npm waits for its child: by now the server has gone too.
      expect(output()).toContain("SIGINT: finishing in-flight requests");
      expect(readdirSync(dataDir).filter((file) => file.endsWith("-wal"))).toEqual([]);
    } finally {
      try {
        process.kill(-npm.pid!, "SIGKILL");
      } catch {
        // Nothing left in the group.
      }
    }
  });

  it("prints its usage for --help instead of starting", () => {
    const help = spawnSync("npm", ["run", "-s", "serve", "--", "--help"], {
      encoding: "utf8",
      env: { ...process.env, PORT: "1" },
    });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run serve/);
  });
});

describe("the committed lock file", { timeout: 120_000 }, () => {
  // `npm ci` (every Dockerfile and CI template) refuses a lock file that lacks a package the
  // manifest needs, optional platform packages included; `npm install` would then rewrite it.
  it("installs with npm ci as committed: nothing missing, nothing to rewrite", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lock-check-"));
    for (const file of ["package.json", "package-lock.json"]) copyFileSync(file, path.join(dir, file));
    const ci = spawnSync("npm", ["ci", "--dry-run", "--ignore-scripts", "--no-audit", "--no-fund"], {
      cwd: dir,
      encoding: "utf8",
    });
    expect(ci.stderr.match(/^npm error .*$/gm) ?? [], ci.stderr).toEqual([]);
    expect(ci.status).toBe(0);
  });
});
