import { spawnSync } from "node:child_process";
import { createPrivateKey, createPublicKey } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dkim = (...args: string[]) => spawnSync(process.execPath, ["server/cli/dkim.ts", ...args], { encoding: "utf8" });

describe("npm run dkim", () => {
  it("writes a private key only its owner reads and prints the TXT record of its public half", () => {
    const out = mkdtempSync(path.join(tmpdir(), "dkim-"));
    const run = dkim("keygen", "--selector", "mail2026", "--domain", "example.com", "--out", out);
    expect(run.status).toBe(0);
    const file = path.join(out, "dkim-mail2026.pem");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const publicDer = createPublicKey(createPrivateKey(readFileSync(file, "utf8")))
      .export({ type: "spki", format: "der" })
      .toString("base64");
    expect(run.stdout).toContain("mail2026._domainkey.example.com\n");
    expect(run.stdout).toContain(`v=DKIM1; k=rsa; p=${publicDer}\n`);
    expect(run.stdout).toContain(`DKIM_PRIVATE_KEY_FILE=${file}`);
    // Never overwrites a key.
    const again = dkim("keygen", "--selector", "mail2026", "--domain", "example.com", "--out", out);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/exists already/);
  });

  it("makes the key pair with the defaults when run alone, as the README has it", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "dkim-"));
    const run = spawnSync(process.execPath, ["server/cli/dkim.ts"], {
      encoding: "utf8",
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DKIM_SELECTOR: "",
        DKIM_DOMAIN: "",
        SITE_URL: "https://www.example.org",
      },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(statSync(path.join(dataDir, "dkim-tallyway.pem")).mode & 0o777).toBe(0o600);
    expect(run.stdout).toContain("tallyway._domainkey.example.org\n");
  });

  it("prints its usage for --help and one line for an unknown command", () => {
    expect(dkim("--help")).toMatchObject({
      status: 0,
      stdout: expect.stringMatching(/^Usage: npm run dkim \[-- \[keygen\]/),
    });
    expect(dkim("rotate")).toMatchObject({
      status: 1,
      stderr: 'Unknown command "rotate": see "npm run dkim -- --help".\n',
    });
  });
});
