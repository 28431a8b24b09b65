/** The default link-preview image (og-image.png, 1200×630), drawn from the brand tokens so it never goes stale. */
import path from "node:path";
import sharp from "sharp";
import { brandColors, logoMarkSvg } from "#common/brand.ts";
import { escapeHtml } from "#common/html.ts";
import type { SiteConfig } from "#common/site.ts";
import type { BuiltSite } from "./output.ts";

export const socialImageFile = "og-image.png";

const font = `font-family="DejaVu Sans, Arial, sans-serif"`;

export function socialImageSvg(site: SiteConfig): string {
  const { brand900, brand600, accent600, brand100 } = brandColors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="${brand900}"/>
  <circle cx="1040" cy="120" r="260" fill="${brand600}" opacity="0.55"/>
  <circle cx="1100" cy="560" r="180" fill="${accent600}" opacity="0.35"/>
  <g transform="translate(80 80) scale(3)">${logoMarkSvg}</g>
  <text x="200" y="146" ${font} font-size="52" font-weight="700" fill="white">${escapeHtml(site.brand)}</text>
  <text x="80" y="330" ${font} font-size="64" font-weight="700" fill="white">Time, expense and projects,</text>
  <text x="80" y="410" ${font} font-size="64" font-weight="700" fill="white">native inside ${escapeHtml(site.platformName)}.</text>
  <text x="80" y="520" ${font} font-size="34" fill="${brand100}">${escapeHtml(site.productName)} · support and setup included</text>
</svg>`;
}

/** Build step: renders the social image into the build folder. */
export async function socialImage({ dir, site }: BuiltSite): Promise<string> {
  const { size } = await sharp(Buffer.from(socialImageSvg(site)))
    .png({ compressionLevel: 9 })
    .toFile(path.join(dir, socialImageFile));
  return `${socialImageFile} (${Math.round(size / 1024)} KB)`;
}
