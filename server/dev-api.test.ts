// npm run dev: React Router's dev server with the real API on its port, against a development
// database. The contact form's request, a newsletter sign-up followed through its mailed
// confirm link, and an analytics batch all go through Vite's port.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseFile, openDatabase } from "./db/database.ts";
import { apiPath } from "./dev-api.ts";

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe("apiPath", () => {
  it("takes the API's paths and leaves the pages to Vite", () => {
    for (const url of [
      "/contactUs?email=a",
      "/mailingList",
      "/mailingList/confirm?token=x",
      "/api/collect",
      "/rum/tallyway/home?x=1",
      "/healthz",
    ])
      expect(apiPath.test(url), url).toBe(true);
    for (const url of ["/", "/contact", "/features/billing", "/api", "/contactUsNow", "/@vite/client", "/app/root.tsx"])
      expect(apiPath.test(url), url).toBe(false);
  });
});

describe("npm run dev", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dev-data-"));
  let base = "";
  let output = "";
  let child: ReturnType<typeof spawn>;

  beforeAll(async () => {
    const port = await freePort();
    // Without SITE_URL the dev API names the dev server in mailed links; without Vitest's own
    // variables vite.config.ts loads the React Router and dev API plugins.
    const withoutSiteUrl = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(SITE_URL|VITEST.*|NODE_ENV)$/.test(name)),
    );
    base = `http://localhost:${port}`;
    child = spawn(
      process.execPath,
      ["node_modules/.bin/react-router", "dev", "--port", String(port), "--strictPort", "--host", "localhost"],
      {
        env: { ...withoutSiteUrl, DATA_DIR: dataDir },
        stdio: ["ignore", "pipe", "pipe"],
        detached: true, // its own process group: React Router relaunches itself in a child
      },
    );
    const collect = (chunk: Buffer) => void (output += chunk);
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    const deadline = Date.now() + 90_000;
    while (!output.includes("API:")) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`dev server did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 100_000);

  afterAll(() => {
    if (child?.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
  });

  it("serves the pages from Vite and the contact form's request from the API, into the development database", async () => {
    const page = await fetch(`${base}/contact`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/@react-refresh|\/@vite\/client|\/app\/root\.tsx/);

    const query = new URLSearchParams({ email: "dev@example.com", name: "Dev Tester", details: "From the dev server" });
    const answer = await fetch(`${base}/contactUs?${query}`, { headers: { origin: base } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ message: expect.stringMatching(/^Thank you/) });
    const db = openDatabase(databaseFile(dataDir));
    expect(db.prepare("SELECT name, email, details FROM leads").all()).toEqual([
      { name: "Dev Tester", email: "dev@example.com", details: "From the dev server" },
    ]);
    db.close();
  }, 60_000);

  it("mails a newsletter confirm link that points at the dev server, and the link confirms there", async () => {
    const query = new URLSearchParams({ list: "tallyway.example", what: "subscribe", email: "reader@example.com" });
    expect((await fetch(`${base}/mailingList?${query}`, { headers: { origin: base } })).status).toBe(200);
    const mailDir = path.join(dataDir, "mail");
    let confirmUrl: string | undefined;
    for (let tries = 0; !confirmUrl && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const mails = readdirSync(mailDir, { withFileTypes: true }).filter((entry) => entry.isFile());
      const text = mails
        .map((entry) => readFileSync(path.join(mailDir, entry.name), "utf8").replace(/=\r?\n/g, ""))
        .join("\n");
      confirmUrl = /(https?:\/\/[^\s"<>]+\/mailingList\/confirm\?token(?:=3D|=)[\w.-]+)/
        .exec(text)?.[1]
        .replace("=3D", "=");
    }
    expect(confirmUrl?.startsWith(`${base}/mailingList/confirm?token=`)).toBe(true);
    const opened = await fetch(confirmUrl!);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('action="/mailingList/confirm"');
    const confirmed = await fetch(`${base}/mailingList/confirm`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base, "sec-fetch-site": "same-origin" },
      body: new URLSearchParams({ token: new URL(confirmUrl!).searchParams.get("token")! }),
    });
    expect(confirmed.status).toBe(200);
  }, 60_000);

  it("takes the analytics batches without a stack trace", async () => {
    const uid = "00000000-0000-4000-8000-00000000000d";
    const batch = { events: [{ type: "pageview", uid, page: "home" }] };
    const answer = await fetch(`${base}/api/collect`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify(batch),
    });
    expect(answer.status).toBeLessThan(300);
    expect(output).not.toMatch(/did not provide an action|\n\s+at /);
  });
});
