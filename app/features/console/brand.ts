import type { SiteConfig } from "#common/site.ts";

// The site's configuration as Vite's define bakes it in (vite.config.ts), read here rather than
// through app/shared/site.ts: a module the public pages and the console both import becomes a chunk
// of its own, which every public page would then load as one more request.
declare const __SITE__: SiteConfig;
export const brand = __SITE__.brand;
