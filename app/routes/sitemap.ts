// sitemap.xml, prerendered: every page of the route table, at its canonical URL.
import { pagePaths } from "#common/page-paths.ts";
import { site } from "#app/shared/site.ts";
import routes from "#app/routes.ts";
import { publishedPosts } from "#app/features/blog/posts.server.ts";
import type { Route } from "./+types/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  const pages = pagePaths(routes).map((path) => `  <url><loc>${site.siteUrl}${path}</loc></url>`);
  // Published posts (none while the build prerenders), with their date.
  const posts = publishedPosts(site, context).map(
    (post) => `  <url><loc>${site.siteUrl}${post.path}</loc><lastmod>${post.date}</lastmod></url>`,
  );
  const urls = [...pages, ...posts];
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
    { headers: { "Content-Type": "application/xml; charset=utf-8" } },
  );
}
