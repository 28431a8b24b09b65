import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { loadServerConfig } from "./config.ts";
import { placeholdersInForce } from "./launch-check.ts";
import { startServer } from "../tests/support/server.ts";
import { fixtureBuild } from "../tests/support/app.ts";

/** The settings of a real launch: every identity, URL, video id and mail setting made real. */
const launchEnv = (dataDir: string): Record<string, string> => ({
  SITE_URL: "https://www.acme-time.com",
  SIBLING_APP_URL: "https://track.acme-time.com",
  SALES_EMAIL: "sales@acme-time.com",
  SUPPORT_EMAIL: "help@acme-time.com",
  SECURITY_EMAIL: "security@acme-time.com",
  PHONE: "+44 20 7946 1234",
  ADDRESS_STREET: "1 Harbour Road",
  ADDRESS_CITY: "Leeds",
  SCHEDULER_URL: "https://cal.acme-time.com/book",
  SLIDES_URL: "https://slides.acme-time.com/tour",
  DOCS_URL: "https://docs.acme-time.com",
  MARKETPLACE_URL: "https://appexchange.acme-time.com/listing",
  INSTALL_INFO_URL: "https://docs.acme-time.com/install",
  MAILING_LIST: "acme-time.com",
  VIDEO_IDS:
    "tour=a1,timesheet=b2,timer=c3,new-te=d4,allocation=e5,classic-timesheet=f6,classic-case=g7,classic-mobile=h8,classic-submit=i9",
  NEWSLETTER_SECRET: "k".repeat(44),
  DATA_DIR: dataDir,
  SMTP_URL: "smtp://mail.acme-time.com:587",
  DKIM_DOMAIN: "acme-time.com",
  DKIM_SELECTOR: "s1",
  DKIM_PRIVATE_KEY:
    "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIJ+DYvh6SEqVTm50DFtMDoQikTmiCqirVv9mWG9qfSnF\n-----END PRIVATE KEY-----\n",
});

const settingsOf = (found: { setting: string }[]) => found.map(({ setting }) => setting);
const run = promisify(execFile);

describe("launch check", () => {
  it("names every placeholder of a fresh clone", () => {
    const config = loadServerConfig({});
    expect(settingsOf(placeholdersInForce(config.site, config, {}))).toEqual([
      "SITE_URL",
      "SIBLING_APP_URL",
      "SALES_EMAIL",
      "SUPPORT_EMAIL",
      "SECURITY_EMAIL",
      "PHONE",
      "ADDRESS_STREET",
      "ADDRESS_CITY",
      "SCHEDULER_URL",
      "SLIDES_URL",
      "DOCS_URL",
      "MARKETPLACE_URL",
      "INSTALL_INFO_URL",
      "MAILING_LIST",
      "VIDEO_IDS",
      "NEWSLETTER_SECRET",
      "SMTP_URL",
      "DKIM_DOMAIN",
    ]);
  });

  it("finds nothing with the settings of a real launch, and each one that is left behind", () => {
    const env = launchEnv("/srv/site-data");
    const config = loadServerConfig(env);
    expect(placeholdersInForce(config.site, config, env)).toEqual([]);
    const one = (change: Record<string, string>) => {
      const changed = { ...env, ...change };
      const c = loadServerConfig(changed);
      return placeholdersInForce(c.site, c, changed);
    };
    expect(one({ VIDEO_IDS: "tour=a1" })).toEqual([
      expect.objectContaining({ setting: "VIDEO_IDS", value: expect.stringMatching(/^timesheet=tw-timesheet-01,/) }),
    ]);
    expect(settingsOf(one({ SUPPORT_EMAIL: "help@example.com" }))).toEqual(["SUPPORT_EMAIL"]);
    expect(settingsOf(one({ PHONE: "(555) 555-0123" }))).toEqual(["PHONE"]);
    expect(settingsOf(one({ DKIM_DOMAIN: "mail.example" }))).toEqual(["DKIM_DOMAIN"]);
  });

  it("is the exit code of npm run launch-check: 1 on a fresh clone, 0 for a real launch", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "launch-"));
    const command = ["server/cli/launch-check.ts"];
    const node = path.resolve("node_modules/.bin/node");
    const failed = await run(node, command, { env: { PATH: process.env.PATH } }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining("ADDRESS_STREET = 100 Example Street") });
    const passed = await run(node, command, { env: { PATH: process.env.PATH, ...launchEnv(dataDir) } });
    expect(passed.stdout).toBe("Ready to launch: no placeholder in force.\n");
  }, 30_000);

  it("is said once in the production server's log at start", async () => {
    const server = await startServer({ BUILD_DIR: fixtureBuild(), NODE_ENV: "production" });
    try {
      const launchLines = () =>
        server
          .output()
          .split("\n")
          .filter((line) => line.includes("launch check:"));
      // Said right after the address line; the health check answering means start-up is over.
      await expect.poll(launchLines).toHaveLength(1);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const lines = launchLines();
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0])).toMatchObject({
        level: 40,
        placeholders: expect.arrayContaining(["ADDRESS_CITY=Springfield", "SMTP_URL=(not set)"]),
      });
    } finally {
      await server.stop();
    }
  }, 30_000);
});
