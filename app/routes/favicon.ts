// favicon.svg, prerendered: the logo from the brand tokens.
import { logoSvgFile } from "#common/brand.ts";

export function loader() {
  return new Response(logoSvgFile, { headers: { "Content-Type": "image/svg+xml" } });
}
