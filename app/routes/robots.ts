// robots.txt, prerendered: every page may be crawled; the sitemap lists them.
import { site } from "#app/shared/site.ts";

export function loader() {
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${site.siteUrl}/sitemap.xml\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
