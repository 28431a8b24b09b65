/**
 * Builds build/client/sw.js from app/service-worker.ts: bundles it with esbuild (only the
 * Workbox modules it uses, minified) and injects the precache manifest of the build: the
 * prerendered pages and route data (offline fallback), hashed assets, icons and the manifest.
 * Large images and the feature-list PDF are left to the network.
 */
import { rmSync, statSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { injectManifest } from "workbox-build";
import { consolePath } from "#common/console.ts";
import type { BuiltSite } from "./output.ts";

export async function buildServiceWorker(buildDir: string): Promise<{ count: number; size: number; swBytes: number }> {
  const bundled = path.join(buildDir, "sw.src.js");
  await build({
    entryPoints: [path.resolve("app/service-worker.ts")],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    define: { "process.env.NODE_ENV": '"production"' },
    outfile: bundled,
    logLevel: "warning",
  });
  try {
    const { count, size } = await injectManifest({
      swSrc: bundled,
      swDest: path.join(buildDir, "sw.js"),
      globDirectory: buildDir,
      globPatterns: ["**/*.{html,data,js,css,svg,webmanifest,woff2}"],
      // The console (/admin): its shell and its route's own module and style sheet (named after
      // app/routes/admin.tsx; console-* for its sections' routes, app/routes/console-*.tsx, and its split chunks:
      // vite.config.ts) are never cached: it is used online, signed in, and holds no offline page.
      globIgnores: [
        "sw.js",
        "sw.src.js",
        "**/__spa-fallback.html",
        "**/*.{br,gz}",
        `${consolePath.slice(1)}/**`,
        // Its route data: the root loader's answer for the console's shell (app/root.tsx).
        `${consolePath.slice(1)}.data`,
        "assets/admin-*",
        "assets/console-*",
      ],
      maximumFileSizeToCacheInBytes: 512 * 1024,
      // Hashed file names are their own revision.
      dontCacheBustURLsMatching: /^assets\//,
      // Pages are fetched and cached under the URLs they are served at ("features/index.html" is /features).
      manifestTransforms: [
        async (entries) => ({
          manifest: entries.map((entry) => ({
            ...entry,
            url: entry.url === "index.html" ? "/" : entry.url.replace(/\/index\.html$/, ""),
          })),
          warnings: [],
        }),
      ],
    });
    return { count, size, swBytes: statSync(path.join(buildDir, "sw.js")).size };
  } finally {
    rmSync(bundled, { force: true });
  }
}

/** Build step: after every other file is written (so it is in the precache), before compression. */
export async function serviceWorker({ dir }: BuiltSite): Promise<string> {
  const { count, size, swBytes } = await buildServiceWorker(dir);
  return `sw.js (${swBytes} B) precaches ${count} files, ${Math.round(size / 1024)} KB`;
}
