// `npm run users` as an operator types at a terminal: `script` gives the command a real
// pseudo-terminal, so what the terminal shows is what a person would see.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openStores } from "../stores.ts";

describe("npm run users -- add at a terminal", { timeout: 60_000 }, () => {
  it("asks for the password without showing what is typed, and makes the account", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "users-tty-"));
    const password = "Violet-Harbour-Lantern-42";
    const command = `${process.execPath} server/cli/users.ts add ann@example.com --data-dir ${dataDir}`;
    const child = spawn("script", ["-qfec", command, "/dev/null"], { stdio: ["pipe", "pipe", "pipe"] });
    let screen = "";
    child.stdout.on("data", (chunk: Buffer) => (screen += chunk));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    await expect.poll(() => screen, { timeout: 30_000 }).toContain("Password (at least 12 characters): ");
    // Typed as a person would, with a typo corrected by backspace.
    child.stdin.write(`${password}x\u007f\r`);
    expect(await exited).toBe(0);
    expect(screen).not.toContain(password.slice(0, 6));
    const stores = await openStores({ databaseUrl: "", dataDir });
    try {
      expect(await stores.console.account("ann@example.com")).toMatchObject({
        email: "ann@example.com",
        role: "owner",
      });
    } finally {
      await stores.close();
    }
  });
});

describe("npm run users -- the account's name", { timeout: 60_000 }, () => {
  it("is given with add --name, changed with name, listed, and taken away with an empty one", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "users-name-"));
    const users = (args: string[], input = "") =>
      spawnSync(process.execPath, ["server/cli/users.ts", ...args, "--data-dir", dataDir], { input, encoding: "utf8" });
    const added = users(
      ["add", "ada@example.com", "--role", "editor", "--name", "Ada Lovelace"],
      "correct horse battery 2026\n",
    );
    expect([added.status, added.stderr, added.stdout]).toEqual([
      0,
      "",
      "Added ada@example.com (Ada Lovelace, editor). Sign in at /admin.\n",
    ]);
    expect(users(["list"]).stdout).toMatch(/^ada@example\.com\tAda Lovelace\teditor\t/m);
    const renamed = users(["name", "ADA@example.com", " Ada King "]);
    expect([renamed.status, renamed.stdout]).toEqual([0, "ada@example.com is now Ada King.\n"]);
    const refused = users(["name", "ada@example.com", "Ada\nKing"]);
    expect([refused.status, refused.stderr]).toEqual([1, expect.stringContaining("A name is one line of text.")]);
    const missing = users(["name", "ada@example.com"]);
    expect([missing.status, missing.stderr]).toEqual([1, expect.stringContaining("name needs the name")]);
    const stores = await openStores({ databaseUrl: "", dataDir });
    try {
      expect((await stores.console.account("ada@example.com"))?.name).toBe("Ada King");
    } finally {
      await stores.close();
    }
    expect(users(["name", "ada@example.com", ""]).stdout).toBe("ada@example.com has no name now.\n");
    expect(users(["list"]).stdout).toMatch(/^ada@example\.com\t\(no name\)\teditor\t/m);
  });
});
