/**
 * The service worker (requirements §7), bundled and given its precache manifest by
 * scripts/build-steps/service-worker.ts at build time. Pages and their route data are network-first, so a
 * visitor always gets the newest page when online and the last copy (or the build's copy)
 * offline; hashed assets come from the precache. Anything that is not a page of the build
 * (/contactUs, /mailingList, /rum/, /api/, newsletter links) is never touched or cached.
 */
import { clientsClaim } from "workbox-core";
import {
  cleanupOutdatedCaches,
  getCacheKeyForURL,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import { pagePath } from "#common/paths.ts";

declare const self: { __WB_MANIFEST: (PrecacheEntry | string)[]; location: Location };

/** The precache key of a page: its path without a trailing slash (the build step names pages so). */
const buildFileOf = (url: URL) => pagePath(url.pathname);

const isBuildPage = (url: URL) =>
  url.origin === self.location.origin && getCacheKeyForURL(buildFileOf(url)) !== undefined;

// The first install takes over the open page at once, so it works offline from the first visit.
clientsClaim();
cleanupOutdatedCaches();

registerRoute(
  ({ request, url }) => (request.mode === "navigate" || url.pathname.endsWith(".data")) && isBuildPage(url),
  new NetworkFirst({
    cacheName: "pages",
    networkTimeoutSeconds: 5,
    plugins: [{ handlerDidError: async ({ request }) => matchPrecache(buildFileOf(new URL(request.url))) }],
  }),
);

// Hashed assets, icons and the manifest: cache-first from the precache. Pages and route data
// are matched by the network-first route above first, so this never answers them.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "", cleanURLs: false });
