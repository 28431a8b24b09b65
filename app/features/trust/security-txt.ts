/**
 * /.well-known/security.txt (RFC 9116), built from the site's settings: where researchers write,
 * the page that says how we handle reports, and an Expires date. The file is prerendered, so it is
 * as fresh as the last build; the RFC asks for less than a year ahead, and a build a year old
 * should not vouch for an address that may have changed since.
 */
import type { SiteConfig } from "#common/site.ts";

/** Days from the build to the file's Expires: under the RFC's recommended year. */
export const securityTxtDays = 360;

/** The Security page's section on reporting, whose id the page's heading gives (content/legal/security.md). */
export const reportSection = "/security#report-a-vulnerability";

export function securityTxt(site: Pick<SiteConfig, "siteUrl" | "securityEmail">, builtAt: Date): string {
  const expires = new Date(builtAt.getTime() + securityTxtDays * 86_400_000);
  expires.setUTCHours(0, 0, 0, 0);
  return [
    `Contact: mailto:${site.securityEmail}`,
    `Expires: ${expires.toISOString().replace(".000Z", "Z")}`,
    "Preferred-Languages: en",
    `Canonical: ${site.siteUrl}/.well-known/security.txt`,
    `Policy: ${site.siteUrl}${reportSection}`,
    "",
  ].join("\n");
}
