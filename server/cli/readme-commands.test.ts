// The README's "Operators' commands", run exactly as written (through npm and a shell) in a copy of
// the project with a fresh data folder, as a newcomer would; and every command's output into a
// pipe its reader has closed (`| head`), which must end quietly.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fixtureBuild } from "../../tests/support/app.ts";
import { leadCsvHeader } from "./csv.ts";

const readmeCommands = (): string[] => {
  const block = /## Operators' commands[\s\S]*?```sh\n([\s\S]*?)```/.exec(readFileSync("README.md", "utf8"))?.[1];
  if (!block) throw new Error("README.md has no Operators' commands block");
  return block
    .split("\n")
    .filter(Boolean)
    .map((line) => line.replace(/\s+#.*$/, "").trim());
};

/** The project's files by symbolic link in a folder of its own: data/, backups/ and files land there. */
function projectCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "readme-commands-"));
  for (const entry of readdirSync("."))
    if (![".git", "data", "backups", "build", ".tmp", ".cache"].includes(entry))
      symlinkSync(path.resolve(entry), path.join(dir, entry));
  return dir;
}

/** The environment of a fresh terminal: none of npm's own variables (this test may run under npm), no settings. */
const freshEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(npm_|INIT_CWD$|DATA_DIR$|DATABASE_URL$|REDIS_URL$|BUILD_DIR$|NODE_ENV$)/i.test(name),
    ),
  ) as Record<string, string>;

const noStackTrace = (stderr: string) => expect(stderr).not.toMatch(/^\s+at |EPIPE|Unhandled/m);

describe("the README's operators' commands, exactly as written", { timeout: 180_000 }, () => {
  let dir: string;
  const run = (command: string, input = "") =>
    spawnSync("sh", ["-c", command], { cwd: dir, env: freshEnv(), input, encoding: "utf8" });
  beforeAll(() => void (dir = projectCopy()));

  // In the README's order: the first makes the database the others read.
  const checks: Record<string, (result: ReturnType<typeof run>) => void> = {
    "npm run users -- add ann@example.com --role owner": ({ stdout }) =>
      expect(stdout).toContain("Added ann@example.com (owner)"),
    "npm run leads -- --since 2026-01-01 > leads.csv": () => {
      // Only the CSV: no line of npm's above the header.
      expect(readFileSync(path.join(dir, "leads.csv"), "utf8")).toBe(leadCsvHeader);
    },
    "npm run stats -- --days 30": ({ stdout }) => expect(stdout).toMatch(/^Usage from \d{4}-\d\d-\d\d to /m),
    "npm run backup -- backups/site.sqlite": () => expect(existsSync(path.join(dir, "backups/site.sqlite"))).toBe(true),
    "npm run dkim": ({ stdout }) => {
      expect(stdout).toMatch(/^ {2}tallyway\._domainkey\.tallyway\.example$/m);
      expect(stdout).toMatch(/^ {2}v=DKIM1; k=rsa; p=\S+$/m);
      expect(existsSync(path.join(dir, "data/dkim-tallyway.pem"))).toBe(true);
    },
    "npm run content -- list": ({ stdout }) => expect(stdout).toMatch(/^home-heading\b/m),
    "npm run launch-check": () => {},
  };

  it("has a check for each command of the README", () => {
    expect(readmeCommands()).toEqual(Object.keys(checks));
  });

  it("runs each one: exit code 0 and no stack trace", () => {
    for (const command of readmeCommands()) {
      const result = run(command, command.includes("users -- add") ? "correct horse battery staple 2026\n" : "");
      // launch-check exits 1 while a placeholder is in force, which a fresh clone's settings are.
      const expected = command === "npm run launch-check" ? 1 : 0;
      expect({ command, status: result.status, stderr: result.stderr }).toMatchObject({ status: expected });
      noStackTrace(result.stderr);
      checks[command](result);
    }
  });

  it("npm run content -- list | head -15: fifteen lines and no stack trace", () => {
    const result = run("npm run content -- list | head -15");
    expect(result.stdout.match(/\n/g)).toHaveLength(15);
    noStackTrace(result.stderr);
  });
});

describe("every command's output into a pipe its reader has closed", { timeout: 180_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "closed-pipe-"));
  beforeAll(() => {
    const add = spawnSync(process.execPath, ["server/cli/users.ts", "add", "ann@example.com"], {
      env: { ...process.env, DATA_DIR: dataDir },
      input: "correct horse battery staple 2026\n",
      encoding: "utf8",
    });
    expect(add.status, add.stderr).toBe(0);
  });

  /** Runs the command with its stdout a pipe whose reading end is already closed. */
  const intoClosedPipe = (args: string[]) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, args, {
        env: { ...process.env, DATA_DIR: dataDir, BUILD_DIR: fixtureBuild() },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout.destroy();
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
      child.once("close", (code) => resolve({ code, stderr }));
    });

  it.each([
    { command: "content", args: ["list"] },
    { command: "content", args: ["--help"] },
    { command: "export", args: ["leads"] },
    { command: "export", args: ["subscribers"] },
    { command: "stats", args: ["--days", "30"] },
    { command: "users", args: ["list"] },
    { command: "dkim", args: ["--out", mkdtempSync(path.join(tmpdir(), "closed-pipe-dkim-"))] },
    { command: "backup", args: ["backup", path.join(mkdtempSync(path.join(tmpdir(), "closed-pipe-")), "site.sqlite")] },
    { command: "cdn-headers", args: [] },
  ])("$command $args: exits 0 without a word on stderr", async ({ command, args }) => {
    const { code, stderr } = await intoClosedPipe([`server/cli/${command}.ts`, ...args]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });
});
