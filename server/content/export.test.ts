// `npm run content -- export <dir>` against a real server on SQLite serving the real build (npm run
// build first): the files are what is published, byte for byte (the file's text for keys with
// nothing published, never a newer draft), and the exported folder as CONTENT_DIR renders every page
// that shows a key exactly as the publishing server serves it. The server serves prerendered files
// and reads content/ only when a page is rendered, so "a fresh server on the export" is the build's
// renderer run with CONTENT_DIR set and nothing published: pages.test.ts shows that renderer makes
// the build's files byte for byte.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { contentFileName, editableKeys, pagesShowing } from "#common/content-keys.ts";
import { startServer, type RunningServer } from "../../tests/support/server.ts";
import { loadCspManifest } from "../security-headers.ts";
import { openStores } from "../stores.ts";
import { finishPage, loadPageRenderer, serverBuildFileOf } from "./page-renderer.ts";

const buildDir = path.resolve("build/client");
const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), "content-export-"));
let server: RunningServer;
let dataDir: string;

const content = (...args: string[]) => run(process.execPath, ["server/cli/content.ts", ...args, "--data-dir", dataDir]);
const served = async (urlPath: string) => Buffer.from(await (await fetch(`${server.url}${urlPath}`)).arrayBuffer());

// Published: about-home (then a newer draft), legal/terms with characters a re-encoding would change.
const published = {
  "about-home": "# About, as published\n\nWords with an en dash – and “quotes”.\n",
  "legal/terms": "## Terms as published\r\n\r\nNo final newline, a tab\tand é",
};

beforeAll(async () => {
  if (!existsSync(serverBuildFileOf(buildDir))) throw new Error('No build: run "npm run build" before this test');
  dataDir = mkdtempSync(path.join(tmpdir(), "content-export-data-"));
  server = await startServer({ BUILD_DIR: buildDir, DATA_DIR: dataDir });
  const stores = await openStores({ databaseUrl: "", dataDir });
  await stores.console.addAccount({ email: "ann@example.com", role: "owner", passwordHash: "unused" }, new Date());
  await stores.close();
  for (const [key, text] of Object.entries(published)) {
    const file = path.join(work, `${key.replace("/", "-")}.md`);
    writeFileSync(file, text);
    await content("save", key, file, "--as", "ann@example.com");
    await content("publish", key);
  }
  writeFileSync(path.join(work, "draft.md"), "# A draft nobody published");
  await content("save", "about-home", path.join(work, "draft.md"), "--as", "ann@example.com");
  await content("save", "products-home", path.join(work, "draft.md"), "--as", "ann@example.com");
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

describe("npm run content -- export", { timeout: 90_000 }, () => {
  it("writes what is published byte for byte, and the file's text for the other keys", async () => {
    const dir = path.join(work, "export");
    const { stdout } = await content("export", dir);
    expect(stdout).toContain(`Wrote ${editableKeys.length} files`);
    for (const key of editableKeys) {
      // A structured key's file is JSON (content/pricing.json), a markdown key's markdown.
      const exported = readFileSync(path.join(dir, contentFileName(key)));
      const expected =
        key in published
          ? Buffer.from(published[key as keyof typeof published], "utf8")
          : readFileSync(path.join("content", contentFileName(key)));
      expect(exported.equals(expected), key).toBe(true);
    }
  });

  it("renders, as CONTENT_DIR with nothing published, every page exactly as the publishing server serves it", async () => {
    const dir = path.join(work, "export");
    // The server shows what is published (its one-second check).
    await vi.waitFor(async () => expect(String(await served("/terms"))).toContain("Terms as published"), {
      timeout: 20_000,
      interval: 50,
    });
    await vi.waitFor(async () => expect(String(await served("/about"))).toContain("About, as published"), {
      timeout: 20_000,
      interval: 50,
    });
    const render = await loadPageRenderer(serverBuildFileOf(buildDir));
    const manifest = loadCspManifest(buildDir);
    const pages = [...new Set(Object.values(pagesShowing).flat())].sort();
    const before = process.env.CONTENT_DIR;
    process.env.CONTENT_DIR = dir;
    try {
      for (const urlPath of pages) {
        const page = finishPage(await render(urlPath, { bodies: new Map() }), manifest);
        expect(page.html.equals(await served(urlPath)), urlPath).toBe(true);
        expect(page.data.equals(await served(page.dataPath)), page.dataPath).toBe(true);
      }
    } finally {
      if (before === undefined) delete process.env.CONTENT_DIR;
      else process.env.CONTENT_DIR = before;
    }
    // The draft stays out of both.
    expect(String(await served("/products"))).not.toContain("A draft nobody published");
  });
});
