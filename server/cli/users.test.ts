// `npm run users` as an operator types at a terminal: `script` gives the command a real
// pseudo-terminal, so what the terminal shows is what a person would see.
import { spawn } from "node:child_process";
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
