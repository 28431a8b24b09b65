import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { loadServerConfig } from "./config.ts";
import { openStores } from "./stores.ts";
import { emptySlots, formatEmptySlots, placeholdersInForce } from "./launch-check.ts";
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
  MARKETPLACE_RATING: "4.7",
  MARKETPLACE_REVIEWS: "38",
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
/** A slot's text as a fresh clone has it: its file in content/. */
const fileOf = (key: string) => readFileSync(path.join("content", `${key}.json`), "utf8");

/** A copy of content/ with a logo, a quote and an integration in it. */
function filledContent(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "launch-content-"));
  const logo = "/assets/uploads/3f2a9c1b0d4e5f67-480x160";
  const slots = {
    "proof/logos": [{ company: "Acme", logo }],
    "proof/quotes": [{ quote: "It works.", person: "Ann Lee", role: "Head of Delivery", company: "Acme" }],
    integrations: [{ name: "Xero", kind: "accounting" }],
  };
  for (const [key, entries] of Object.entries(slots)) {
    mkdirSync(path.dirname(path.join(dir, key)), { recursive: true });
    writeFileSync(path.join(dir, `${key}.json`), JSON.stringify(entries));
  }
  return dir;
}
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

  it("names each empty slot of a fresh clone: proof logos and quotes, the rating, integrations", () => {
    const config = loadServerConfig({});
    const slots = emptySlots(config.site, fileOf);
    expect(slots.map(({ slot }) => slot)).toEqual([
      "Customer logos (console: Content, Home · Customer logos; key proof/logos)",
      "Customer quotes (console: Content, Home · Customer quotes; key proof/quotes)",
      "Marketplace rating (settings MARKETPLACE_RATING and MARKETPLACE_REVIEWS)",
      "Integrations (console: Content, Products · Integrations; key integrations)",
    ]);
    // Each says what a visitor misses meanwhile and where it shows once filled, in words.
    expect(formatEmptySlots(slots).split("\n").slice(0, 2)).toEqual([
      "  Customer logos (console: Content, Home · Customer logos; key proof/logos): empty, so no customer logo shows.",
      '    Where it shows: A row of customer logos on each page ticked under "Shown on" (Home unless another is ' +
        "ticked): on Home in the band under the first screen, elsewhere before the page's closing call to action.",
    ]);
  });

  it("names none once each is filled, and each one left empty", () => {
    const config = loadServerConfig({ MARKETPLACE_RATING: "4.7", MARKETPLACE_REVIEWS: "38" });
    const filled = (key: string) => JSON.stringify([{ name: `something for ${key}` }]);
    expect(emptySlots(config.site, filled)).toEqual([]);
    const but =
      (empty: string, body = "[]") =>
      (key: string) =>
        key === empty ? body : filled(key);
    const slotOf = (found: { slot: string }[]) => found.map(({ slot }) => slot.replace(/ \(.*/, ""));
    expect(slotOf(emptySlots(config.site, but("proof/quotes")))).toEqual(["Customer quotes"]);
    // A published body that is no list shows nothing either.
    expect(slotOf(emptySlots(config.site, but("integrations", "{}")))).toEqual(["Integrations"]);
    expect(slotOf(emptySlots(loadServerConfig({}).site, filled))).toEqual(["Marketplace rating"]);
  });

  it("is the exit code of npm run launch-check: 1 on a fresh clone, 0 for a real launch", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "launch-"));
    const command = ["server/cli/launch-check.ts"];
    const node = path.resolve("node_modules/.bin/node");
    const failed = await run(node, command, { env: { PATH: process.env.PATH } }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining("ADDRESS_STREET = 100 Example Street") });
    // On a fresh clone every slot is empty, and each is named after the placeholders.
    const stderr = (failed as { stderr: string }).stderr;
    expect(stderr).toContain("4 slots only the company can fill are empty");
    for (const key of ["proof/logos", "proof/quotes", "integrations"]) expect(stderr).toContain(`; key ${key}):`);
    expect(stderr.indexOf("DKIM_DOMAIN =")).toBeLessThan(stderr.indexOf("Marketplace rating (settings"));
    // A real launch whose slots are still empty launches: nothing is invented there, and they are named.
    const launch = { PATH: process.env.PATH, ...launchEnv(dataDir) };
    const unfilled = await run(node, command, { env: launch });
    expect(unfilled.stdout).toMatch(
      /^Ready to launch: no placeholder in force\.\n\n3 slots only the company can fill are empty[^\n]*\n {2}Customer logos/,
    );
    expect(unfilled.stdout).not.toContain("Marketplace rating");
    // Filled in the content the build reads (CONTENT_DIR), nothing is left to say.
    const contentDir = filledContent();
    const passed = await run(node, command, { env: { ...launch, CONTENT_DIR: contentDir } });
    expect(passed.stdout).toBe("Ready to launch: no placeholder in force.\n");
  }, 30_000);

  it("reads what the server's database publishes, which the site shows over the files", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "launch-db-"));
    const stores = await openStores({ dataDir });
    const by = { account: "ann@example.com", now: new Date() };
    const quote = [{ quote: "It works.", person: "Ann Lee", role: "Head of Delivery", company: "Acme" }];
    const saved = await stores.content.save("proof/quotes", JSON.stringify(quote), { ...by, baseVersion: 0 });
    await stores.content.publish("proof/quotes", saved.version, by);
    await stores.close();
    const node = path.resolve("node_modules/.bin/node");
    const env = { PATH: process.env.PATH, ...launchEnv(dataDir) };
    const { stdout } = await run(node, ["server/cli/launch-check.ts"], { env });
    expect(stdout).toContain("2 slots only the company can fill are empty");
    expect(stdout).toContain("key proof/logos");
    expect(stdout).not.toContain("key proof/quotes");
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
