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
 * Until that changes, these ceilings guard against growth: the shared floor plus what each
 * kind of page adds today, with a little headroom. /contact has the home page's ceiling since the
 * question's next step (issue 34: a call or the prices, after a sent question) took it to 128.3 KB.
 */
export const jsTarget = (urlPath: string) => (urlPath === "/" ? 120 * KB : 110 * KB);
export const jsBudget = (urlPath: string) => (urlPath === "/" || urlPath === "/contact" ? 130 * KB : 128 * KB);
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
