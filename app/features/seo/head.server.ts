/** Reads a page's head key in a route loader (Node only, like every content read). */
import type { headPages } from "#common/content-schemas.ts";
import type { SiteConfig } from "#common/site.ts";
import { structuredContent } from "#app/features/content/content.server.ts";
import type { ContentContext } from "#app/features/content/published-content.ts";
import { headOf } from "./head.ts";

export const pageHead = (key: keyof typeof headPages, site: SiteConfig, context?: ContentContext) =>
  headOf(structuredContent(key, site, context)[0], site.imageHost);
