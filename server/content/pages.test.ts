// The server's re-render after a publish against the build itself: with the files of content/ it
// makes every page that shows a content key byte for byte as `npm run build` wrote it (HTML, route
// data, their brotli and gzip copies, the page's CSP hashes), and the table of which pages show
// which key (common/content-keys.ts) is what the loaders read. Needs a build: npm run build.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { copiesOf } from "#common/compress.ts";
import { editableKeys, pagesShowing } from "#common/content-keys.ts";
import type { CspManifest } from "#common/csp-hashes.ts";
import { finishPage, loadPageRenderer, serverBuildFileOf, type PageRenderer } from "./page-renderer.ts";

const clientDir = path.resolve("build/client");
const pages = [...new Set(Object.values(pagesShowing).flat())].sort();
const fileOf = (urlPath: string) =>
  path.join(clientDir, urlPath === "/" ? "index.html" : `${urlPath.slice(1)}/index.html`);
const optional = (file: string) => (existsSync(file) ? readFileSync(file) : undefined);

let render: PageRenderer;
let manifest: CspManifest;
beforeAll(async () => {
  if (!existsSync(serverBuildFileOf(clientDir)))
    throw new Error(`No build in ${clientDir}: run "npm run build" before this test`);
  render = await loadPageRenderer(serverBuildFileOf(clientDir));
  manifest = JSON.parse(readFileSync(path.join(clientDir, "csp-hashes.json"), "utf8")) as CspManifest;
});

describe("a page re-rendered at run time", () => {
  it.each(pages)("%s is byte for byte the built page when nothing is published", async (urlPath) => {
    const page = finishPage(await render(urlPath, { bodies: new Map() }), manifest);
    expect(page.html.equals(readFileSync(fileOf(urlPath)))).toBe(true);
    // The copies the server makes of what it serves (plugin.ts) are the build's, byte for byte.
    const htmlCopies = await copiesOf("index.html", page.html);
    expect(htmlCopies?.br).toEqual(optional(`${fileOf(urlPath)}.br`));
    expect(htmlCopies?.gz).toEqual(optional(`${fileOf(urlPath)}.gz`));
    const dataFile = path.join(clientDir, page.dataPath.slice(1));
    expect(page.data.equals(readFileSync(dataFile))).toBe(true);
    expect((await copiesOf(page.dataPath, page.data))?.br).toEqual(optional(`${dataFile}.br`));
    expect(page.scriptHashes).toEqual(manifest.pages[urlPath]);
  });

  it("shows the published text, in the page and its route data", async () => {
    const heading = "Published without a build";
    const page = finishPage(
      await render("/about", { bodies: new Map([["about-home", `# ${heading}\n\nNew words.`]]) }),
      manifest,
    );
    expect(page.html.toString()).toContain(`<h1>${heading}</h1>`);
    expect(page.data.toString()).toContain(heading);
    expect(page.html.equals(readFileSync(fileOf("/about")))).toBe(false);
  });

  it("fails with the reason when the text cannot render (an unknown placeholder)", async () => {
    await expect(render("/about", { bodies: new Map([["about-home", "Call {{nobody}}"]]) })).rejects.toThrow(
      '/about.data cannot be rendered: Content "about-home" uses unknown placeholder {{nobody}}',
    );
  });
});

describe("which pages show a key", () => {
  it("is what the loaders of every prerendered page read", async () => {
    const readBy = new Map<string, string[]>();
    for (const urlPath of Object.keys(manifest.pages)) {
      if (urlPath.startsWith("/admin")) continue;
      const read = new Set<string>();
      await render(urlPath, { bodies: new Map(), read });
      for (const key of read) readBy.set(key, [...(readBy.get(key) ?? []), urlPath]);
    }
    // The same pages in any order: the table names a key's own page first (the console lists it there).
    expect(Object.fromEntries([...readBy].map(([key, urlPaths]) => [key, urlPaths.sort()]).sort())).toEqual(
      Object.fromEntries(editableKeys.map((key) => [key, [...pagesShowing[key]].sort()]).sort()),
    );
  });
});
