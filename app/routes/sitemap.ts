// sitemap.xml, prerendered: every page of the route table, at its canonical URL.
import { pagePaths } from "#common/page-paths.ts";
import { site } from "#app/shared/site.ts";
import routes from "#app/routes.ts";

export function loader() {
  const urls = pagePaths(routes).map((path) => `  <url><loc>${site.siteUrl}${path}</loc></url>`);
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
    { headers: { "Content-Type": "application/xml; charset=utf-8" } },
  );
}
