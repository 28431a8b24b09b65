import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { artHashes } from "./art/manifest.ts";

const isClaimArt = (name: string) => name.startsWith("claim-");
// A poster's phone composition has its poster's hash (art/manifest.ts), so the app does not carry it twice.
const isPosterPhone = (name: string) => name.startsWith("poster-") && name.endsWith("-phone");
const pickArt = (wanted: (name: string) => boolean) =>
  Object.fromEntries(Object.entries(artHashes()).filter(([name]) => wanted(name)));
import { resolvedVideoIds } from "./common/video-ids.ts";
import { loadSiteConfig } from "./common/site.ts";
import { artworkPlugin } from "./scripts/build-steps/artwork-plugin.ts";
import { printContactPlugin } from "./scripts/build-steps/print-contact-plugin.ts";

/** npm run dev: the real API on Vite's port (server/dev-api.ts), imported only when the dev server starts, so builds never load server code. */
const devApi = (): Plugin => ({
  name: "tallyway:dev-api",
  apply: "serve",
  async configureServer(server) {
    const { mountDevApi } = (await import(
      pathToFileURL(path.resolve("server/dev-api.ts")).href
    )) as typeof import("./server/dev-api.ts");
    mountDevApi(server);
  },
});

/**
 * The prerender (ssr) bundle is one file by design, so its lazy imports of the forms cannot split and
 * Rolldown warns INEFFECTIVE_DYNAMIC_IMPORT; they split in the client build (tests/gates/build-steps.test.ts).
 * A plugin hook, because React Router drops environments.ssr.build.rolldownOptions.
 */
const oneFilePrerenderBundle = (): Plugin => ({
  name: "tallyway:one-file-prerender-bundle",
  applyToEnvironment: (environment) => environment.name === "ssr",
  onLog: (_level, log) => log.code !== "INEFFECTIVE_DYNAMIC_IMPORT",
});

// Validated here so a bad variable fails the build with its name (see common/site.ts).
const site = loadSiteConfig(process.env);

export default defineConfig({
  define: {
    __SITE__: JSON.stringify(site),
    __BUILD_YEAR__: String(new Date().getFullYear()),
    // Names of the rasterised artwork files (scripts/build-images.ts writes them). The claim pictures' are
    // apart: only the feature pages' loader needs them, and the browser code that names artwork (posters,
    // the home page's preloads) would otherwise carry every one.
    __ART__: JSON.stringify(pickArt((name) => !isClaimArt(name) && !isPosterPhone(name))),
    __CLAIM_ART__: JSON.stringify(pickArt(isClaimArt)),
    // The videos' ids from VIDEO_IDS (app/shared/video-ids.ts).
    __VIDEO_IDS__: JSON.stringify(resolvedVideoIds(site)),
  },
  // The artwork is rasterised into public/ before Vite bundles (build) or serves (dev) it.
  plugins: [
    printContactPlugin(site),
    tailwindcss(),
    oneFilePrerenderBundle(),
    !process.env.VITEST && artworkPlugin(),
    !process.env.VITEST && reactRouter(),
    !process.env.VITEST && devApi(),
  ],
  build: {
    assetsInlineLimit: 0,
    sourcemap: !!process.env.SOURCEMAP,
    // Chunks with the console's code (its shared pieces, the lazy content editor; never on a public page) are named
    // console-*, so the service worker's precache leaves them out as it does the admin route's module.
    rolldownOptions: {
      output: {
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.includes("/app/features/console/"))
            ? "assets/console-[name]-[hash].js"
            : "assets/[name]-[hash].js",
      },
    },
  },
  // `npm run dev` honours PORT as `npm start` does, and says so rather than moving to another port.
  server: process.env.PORT ? { port: Number(process.env.PORT), strictPort: true } : {},
  test: {
    environment: "node",
    projects: [
      // The browser app and what it shares: a test that logs an error (a React warning) fails.
      {
        extends: true,
        test: {
          name: "app",
          include: ["{app,common}/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/fail-on-console-error.ts"],
        },
      },
      // Server tests start and stop real servers, PostgreSQL clusters and Redis in their hooks, and
      // sign in through real scrypt: on a busy machine stopping a cluster and removing its folder
      // took over the default 10 s (stores.contract.test.ts at load 11), and sign-in tests over the
      // default 5 s (load 15-33). Hooks get the minute setups already ask for, tests half of it.
      {
        extends: true,
        test: {
          name: "node",
          include: ["{server,scripts,art}/**/*.test.{ts,tsx}"],
          hookTimeout: 60_000,
          testTimeout: 30_000,
        },
      },
    ],
  },
});
