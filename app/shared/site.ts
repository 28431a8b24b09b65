/** The site configuration as baked into the bundle at build time (see vite.config.ts). */
import type { SiteConfig } from "#common/site.ts";

declare const __SITE__: SiteConfig;
declare const __BUILD_YEAR__: number;

export const site: SiteConfig = __SITE__;

/** Year of the build, for the copyright line (the same in the prerendered HTML and after hydration). */
export const buildYear: number = __BUILD_YEAR__;
