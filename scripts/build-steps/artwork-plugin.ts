import type { Plugin } from "vite";

// React Router loads the Vite config more than once per run (child compiler, preview server);
// the artwork is rasterised by the first instance only.
const once = Symbol.for("tallyway:artwork");
type WithOnce = typeof globalThis & { [once]?: Promise<void> };

/**
 * Vite plugin: rasterises the artwork (scripts/build-images.ts) into public/ before the first
 * bundle (build) or the first request (dev). Loaded when it runs, so reading vite.config.ts
 * (typegen, vitest) never loads sharp or the artwork.
 */
export function artworkPlugin(): Plugin {
  return {
    name: "tallyway:artwork",
    buildStart() {
      const global = globalThis as WithOnce;
      global[once] ??= import("../build-images.ts").then(async ({ rasteriseArtwork }) =>
        console.log(`artwork: ${await rasteriseArtwork()}`),
      );
      return global[once];
    },
  };
}
