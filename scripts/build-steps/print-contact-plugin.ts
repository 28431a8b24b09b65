import type { Plugin } from "vite";
import type { SiteConfig } from "#common/site.ts";

/** A CSS string literal: quotes, backslashes and line ends escaped. */
const cssString = (text: string) => `"${text.replace(/["\\]/g, "\\$&").replace(/[\r\n]+/g, " ")}"`;

/**
 * The line a printed page ends with (issue 43: the company's phone and e-mail on paper), as CSS: the
 * company, the sales e-mail, the phone and the site's address, from the site's settings.
 */
export function printContactCss(site: SiteConfig): string {
  const host = site.siteUrl.replace(/^https?:\/\//, "");
  const line = `${site.company} · ${site.salesEmail} · ${site.phone} · ${host}`;
  return `\n:root { --print-contact: ${cssString(line)}; }\n`;
}

/**
 * Vite plugin: gives app/app.css the contact line its print rules show (body::after). Generated content
 * rather than a hidden element, so every page prints it without a byte of JavaScript more.
 */
export function printContactPlugin(site: SiteConfig): Plugin {
  return {
    name: "tallyway:print-contact",
    enforce: "pre",
    transform(code, id) {
      if (!/\/app\/app\.css(\?|$)/.test(id)) return null;
      return { code: code + printContactCss(site), map: null };
    },
  };
}
