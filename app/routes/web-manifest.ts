// site.webmanifest, prerendered: name, colours and icon from the site configuration and the brand tokens.
import { brandColors } from "#common/brand.ts";
import { site } from "#app/shared/site.ts";

export function loader() {
  const manifest = {
    name: site.productName,
    short_name: site.brand,
    start_url: "/",
    display: "browser",
    background_color: "white",
    theme_color: brandColors.brand600,
    icons: [{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml" }],
  };
  return new Response(JSON.stringify(manifest, null, 2), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8" },
  });
}
