// The real server and `npm start`'s port check refuse to start with one line saying what to do, exit code 1.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureBuild } from "../tests/support/app.ts";
import { spawnServer, startServer } from "../tests/support/server.ts";
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
      expect(lines(second.output()).at(-1)).toBe(message);
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
