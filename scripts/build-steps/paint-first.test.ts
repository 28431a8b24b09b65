import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "#common/site.ts";
import { isPaintFirst, paintFirst, PaintFirstError, paintFirstPages, paintWaitLimitMs } from "./paint-first.ts";

// The shape React Router 8 prerenders (trimmed).
const page = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="modulepreload" href="/assets/root-3.js"/><link rel="stylesheet" href="/assets/root-4.css"/></head><body><h1>Hi</h1><script>window.__reactRouterContext = {};</script><script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-3.js";
import * as route1 from "/assets/home-5.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-2.js");</script></body></html>`;

describe("paintFirst", () => {
  const out = paintFirst(page);

  it("takes the module preloads out of the head and keeps everything else", () => {
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/root-4.css"/>');
    expect(out).toContain("<script>window.__reactRouterContext = {};</script>");
  });

  it("waits for the first paint, then preloads the same modules and imports them in order", () => {
    const body = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1];
    const lines = body.split("\n");
    expect(lines[0]).toContain('observe({ type: "paint", buffered: true })');
    expect(lines[0]).toContain(`setTimeout(go, ${paintWaitLimitMs})`);
    expect(lines[1]).toContain('["/assets/manifest-1.js","/assets/entry.client-2.js","/assets/root-3.js"]');
    expect(lines.slice(2)).toEqual([
      'await import("/assets/manifest-1.js");',
      'const route0 = await import("/assets/root-3.js");',
      'const route1 = await import("/assets/home-5.js");',
      '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
      'import("/assets/entry.client-2.js");',
    ]);
  });

  it("is valid module code", async () => {
    const body = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1];
    // Compiles as an async function body, which is what top-level await in a module needs.
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (code: string) => unknown;
    expect(() => new AsyncFunction(body.replace(/\bimport\(/g, "load("))).not.toThrow();
  });

  it("fails the build when React Router's output no longer has the expected shape", () => {
    expect(() => paintFirst("<html><body></body></html>")).toThrow(PaintFirstError);
    expect(() => paintFirst(page.replace(/<link rel="modulepreload"[^>]*>/g, ""))).toThrow(/no module preloads/);
    expect(() => paintFirst(page.replace('import("/assets/entry.client-2.js");', ""))).toThrow(/client entry/);
  });
});

describe("isPaintFirst (the gate's check)", () => {
  it("tells a rewritten page from React Router's own", () => {
    expect(isPaintFirst(paintFirst(page))).toBe(true);
    expect(isPaintFirst(page)).toBe(false);
    expect(
      isPaintFirst(paintFirst(page).replace("</head>", '<link rel="modulepreload" href="/assets/x.js"/></head>')),
    ).toBe(false);
  });
});

describe("the paintFirstPages step", () => {
  it("rewrites every HTML file of the build, the SPA fallback included", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "paint-first-"));
    writeFileSync(path.join(dir, "index.html"), page);
    writeFileSync(path.join(dir, "__spa-fallback.html"), page);
    expect(await paintFirstPages({ dir, site: loadSiteConfig({}) })).toBe("2 HTML files");
    for (const file of ["index.html", "__spa-fallback.html"])
      expect(isPaintFirst(readFileSync(path.join(dir, file), "utf8"))).toBe(true);
  });
});
