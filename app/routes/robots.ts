// robots.txt, prerendered: every page may be crawled but the console; the sitemap lists the pages.
import { consolePath } from "#common/console.ts";
import { site } from "#app/shared/site.ts";

export function loader() {
  return new Response(`User-agent: *\nAllow: /\nDisallow: ${consolePath}\n\nSitemap: ${site.siteUrl}/sitemap.xml\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
