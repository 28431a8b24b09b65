/**
 * The build after React Router has bundled and prerendered the site into build/client:
 * react-router.config.ts calls finishBuild from its buildEnd hook. The steps run in this
 * order, one at a time; each comment says why a step stands where it does.
 */
import { cspHashes } from "./csp-hashes.ts";
import { featureListPdf } from "./feature-list-pdf.ts";
import type { BuildStep, BuiltSite } from "./output.ts";
import { paintFirstPages } from "./paint-first.ts";
import { precompress } from "./precompress.ts";
import { dropResourceRouteData } from "./resource-route-data.ts";
import { serviceWorker } from "./service-worker.ts";
import { socialImage } from "./social-image.ts";

export const buildSteps: BuildStep[] = [
  dropResourceRouteData, // first: robots.txt.data and its kind are never shipped
  paintFirstPages, // before cspHashes: it rewrites each page's inline bootstrap
  featureListPdf,
  socialImage,
  cspHashes, // after the last change to a page, so the hashes are of the bytes the server sends
  serviceWorker, // after every other file is written, so it precaches them
  precompress, // last: every file it compresses is final, sw.js included
];

/** Runs the steps in order and says what each did. */
export async function finishBuild(build: BuiltSite, steps = buildSteps): Promise<void> {
  for (const step of steps) {
    const started = performance.now();
    const summary = await step(build);
    console.log(`${step.name}: ${summary} (${Math.round(performance.now() - started)} ms)`);
  }
}
