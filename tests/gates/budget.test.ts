// Byte budgets on the production build: the JavaScript each route loads (gzip) and the largest image.
import path from "node:path";
import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildDir, consolePages, filesOf, gzipSize, javascriptOf, prerenderedPages } from "./build-output.ts";

const KB = 1024;
/**
 * Issue 7 targets 120 KB (home) and 110 KB (other routes). React 19's DOM renderer and React
 * Router 8's runtime alone are about 114 KB gzip (entry.client 69 + shared runtime 40 + router
 * DOM 4 + route manifest 1.4, measured 2026-11-22), so no route can meet them on this stack.
 * Since issue 41 the static parts of every page are HTML whose components reach no browser
 * (app/features/static-html): what a route loads is that floor plus its islands. These ceilings
 * are what each kind of route ships (2026-11-29), with about 1 KB of headroom, so an island or a
 * component that creeps back into a page's chunks fails here:
 * - the pages whose islands are a form, the calculator, a frame or the tabs, or none: 121.9 KB (/support);
 * - the demo video pages (the video facade and the collapsible): 125.9 KB;
 * - the home page (the carousel, the tour video, the newsletter form): 124.0 KB;
 * - /contact (both forms, with the question's next step, issue 34): 127.9 KB.
 */
export const jsTarget = (urlPath: string) => (urlPath === "/" ? 120 * KB : 110 * KB);
const demoVideoPages = ["/demo-timesheet", "/demo-timer", "/demo-new-te", "/demo-project-allocation", "/demo-classic"];
export const jsBudget = (urlPath: string) =>
  urlPath === "/contact"
    ? 129 * KB
    : demoVideoPages.includes(urlPath)
      ? 127 * KB
      : urlPath === "/"
        ? 125 * KB
        : 123 * KB;
export const imageBudget = 200 * KB;

const pages = prerenderedPages();

describe("JavaScript budget per route (gzip)", () => {
  for (const [urlPath, file] of pages) {
    it(`${urlPath} loads at most ${jsBudget(urlPath) / KB} KB of JavaScript`, () => {
      const scripts = javascriptOf(readFileSync(file, "utf8"));
      expect(scripts.length).toBeGreaterThan(0);
      const total = scripts.reduce((sum, script) => sum + gzipSize(script), 0);
      expect(total, scripts.map((s) => `${path.basename(s)} ${gzipSize(s)}`).join(", ")).toBeLessThanOrEqual(
        jsBudget(urlPath),
      );
    });
  }
});

describe("the console's JavaScript (/admin) stays off the public pages", () => {
  const [shell] = [...consolePages().values()];
  const consoleOnly = () => {
    const publicScripts = new Set([...pages.values()].flatMap((file) => javascriptOf(readFileSync(file, "utf8"))));
    return javascriptOf(readFileSync(shell, "utf8")).filter((script) => !publicScripts.has(script));
  };

  it("has one prerendered shell, whose route module no public page loads", () => {
    expect([...consolePages().keys()]).toEqual(["/admin"]);
    const routeModule = (scripts: string[]) =>
      scripts.map((script) => path.basename(script)).filter((name) => /^admin-[\w-]+\.js$/.test(name));
    expect(routeModule(consoleOnly())).toHaveLength(1);
    expect(routeModule([...pages.values()].flatMap((file) => javascriptOf(readFileSync(file, "utf8"))))).toEqual([]);
  });

  it("is neither precached by the service worker nor allowed to robots", () => {
    const sw = readFileSync(path.join(buildDir, "sw.js"), "utf8");
    expect(sw).not.toMatch(/admin/);
    // The console's split chunks (vite.config.ts names them console-*): the content editor's CodeMirror among them.
    expect(sw).not.toMatch(/assets\/console-/);
    expect(sw).not.toMatch(/ContentSection/);
    expect(readFileSync(path.join(buildDir, "robots.txt"), "utf8")).toMatch(/^Disallow: \/admin$/m);
  });

  // The console is used on office machines, not phones on the move: the shared runtime plus its own code (about 13 KB).
  const consoleBudget = 150 * KB;
  it(`loads at most ${consoleBudget / KB} KB in all, its own code included`, () => {
    const total = javascriptOf(readFileSync(shell, "utf8")).reduce((sum, script) => sum + gzipSize(script), 0);
    const own = consoleOnly().reduce((sum, script) => sum + gzipSize(script), 0);
    expect(total, `console's own ${own} B gzip of ${total} B`).toBeLessThanOrEqual(consoleBudget);
  });
});

describe("image budget", () => {
  it(`no image in the build is larger than ${imageBudget / KB} KB`, () => {
    const images = [...filesOf()].filter((file) => /\.(png|jpe?g|webp|avif|gif|svg|ico)$/i.test(file));
    expect(images.length).toBeGreaterThan(0);
    const tooLarge = images
      .filter((file) => statSync(file).size > imageBudget)
      .map((file) => `${path.relative(buildDir, file)} ${statSync(file).size} bytes`);
    expect(tooLarge).toEqual([]);
  });
});
