/**
 * "Paint first, then hydrate": rewrites each prerendered page so the browser paints the
 * static HTML before it downloads and runs the app's JavaScript.
 *
 * React Router puts a `<link rel="modulepreload">` for every module of the page in the head
 * (about 120 KB gzip on every route), and a bootstrap module script that imports them. Those
 * preloads are fetched at high priority together with the stylesheet and the LCP image, so on
 * a phone network the first paint waits for bytes it does not need: every word of the page is
 * already in the HTML. Measured with Lighthouse's mobile preset on `/`, FCP went from about
 * 2.2 s to 1.3 s and LCP from 2.3 s to 1.8 s without them.
 *
 * The rewritten bootstrap waits for the first paint (at once in a background tab, which does
 * not paint, or in a browser without paint timing; at most `paintWaitLimitMs`), then adds the
 * same preloads, so the modules still download in parallel, and runs the original imports in
 * their original order. Links work as plain links until then.
 *
 * Pure text in, text out: the build (scripts/build-steps/paint-first.ts) and the server's re-render
 * after a publish (server/content/) apply it alike.
 */

const bootstrapPattern = /<script type="module" async="">([\s\S]*?)<\/script>/g;
const preloadPattern = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const staticImport = /^import (?:\* as (\w+) from )?("[^"]+");$/;

/** The longest the app waits for the first paint before it starts regardless. */
export const paintWaitLimitMs = 3000;

export class PaintFirstError extends Error {}

/** How the rewritten bootstrap begins: it waits for the first paint of a visible page. */
const paintWait = `if (document.visibilityState === "visible" && PerformanceObserver.supportedEntryTypes?.includes("paint"))`;

/** The bootstrap's body with its static imports turned into awaited dynamic imports after the first paint. */
export function deferredBootstrap(body: string, preloads: string[]): string {
  const lines = body.split("\n");
  const rest: string[] = [];
  const imports: string[] = [];
  for (const line of lines) {
    const match = staticImport.exec(line.trim());
    if (!match) {
      rest.push(line);
      continue;
    }
    const [, binding, specifier] = match;
    imports.push(binding ? `const ${binding} = await import(${specifier});` : `await import(${specifier});`);
  }
  if (imports.length === 0)
    throw new PaintFirstError("the bootstrap script has no static imports: React Router's output changed");
  if (!rest.some((line) => /^import\("[^"]+"\);$/.test(line.trim())))
    throw new PaintFirstError("the bootstrap script does not import the client entry: React Router's output changed");
  return [
    // A paint observer rather than requestAnimationFrame: it needs no timer, so a test's fake clock cannot
    // stall it. The timer is only a safety net for a browser that reports paint timing but never delivers
    // the entry (a tab hidden right after the check paints only when shown): the app starts anyway.
    `${paintWait} await new Promise((go) => { new PerformanceObserver((_, observer) => { observer.disconnect(); go(); }).observe({ type: "paint", buffered: true }); setTimeout(go, ${paintWaitLimitMs}); });`,
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    ...imports,
    ...rest.filter((line) => line.trim() !== ""),
  ].join("\n");
}

/** A prerendered page with its module preloads moved from the head into the deferred bootstrap. */
export function paintFirst(html: string): string {
  const preloads = [...html.matchAll(preloadPattern)].map((m) => m[1]);
  const bootstraps = [...html.matchAll(bootstrapPattern)];
  if (bootstraps.length !== 1)
    throw new PaintFirstError(`expected one bootstrap module script, found ${bootstraps.length}`);
  if (preloads.length === 0) throw new PaintFirstError("no module preloads found: React Router's output changed");
  return html
    .replace(preloadPattern, "")
    .replace(
      bootstrapPattern,
      (_whole, body: string) => `<script type="module" async="">${deferredBootstrap(body, preloads)}</script>`,
    );
}

/** Whether a page is as paintFirst leaves it: no module preload in the markup, one bootstrap that waits for the paint. */
export function isPaintFirst(html: string): boolean {
  const bootstraps = [...html.matchAll(bootstrapPattern)];
  return (
    [...html.matchAll(preloadPattern)].length === 0 && bootstraps.length === 1 && bootstraps[0][1].startsWith(paintWait)
  );
}
