/**
 * The few pages the server renders itself (newsletter confirm and unsubscribe): small,
 * self-contained HTML in the site's colours (common/brand.ts), readable without JavaScript or
 * the site bundle.
 */
import { brandColors as c } from "../../common/brand.ts";
import { escapeHtml } from "../../common/html.ts";
import type { SiteConfig } from "../../common/site.ts";
import { serverPageHeaders, type HeaderSet } from "../security-headers.ts";

/**
 * The pages' one inline style sheet. Its hash is allowed on these pages' Content-Security-Policy
 * (pageHeaders), so it works without 'unsafe-inline'.
 */
export const pageStyle = `
  body { margin: 0; font: 18px/1.6 ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: ${c.ink}; background: ${c.surface}; }
  header { background: #fff; border-bottom: 1px solid ${c.line}; padding: 16px 24px; }
  header a { color: ${c.brand700}; font-weight: 700; font-size: 20px; text-decoration: none; }
  main { max-width: 36rem; margin: 48px auto; padding: 0 16px; }
  .card { background: #fff; border: 1px solid ${c.line}; border-radius: 16px; padding: 32px; box-shadow: 0 1px 2px rgb(0 0 0 / 5%); }
  h1 { font-size: 28px; line-height: 1.25; margin: 0 0 12px; }
  p { color: ${c.muted}; margin: 12px 0; }
  a { color: ${c.brand700}; }
  button, .button { display: inline-block; min-height: 44px; border: 0; border-radius: 8px; padding: 10px 20px; font: inherit; font-weight: 600; color: #fff; background: ${c.brand600}; cursor: pointer; text-decoration: none; }
  button:hover, .button:hover { background: ${c.brand800}; }
  :focus-visible { outline: 3px solid ${c.focus}; outline-offset: 2px; }
`;

export function page(site: SiteConfig, title: string, bodyHtml: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(site.brand)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${pageStyle}</style>
</head>
<body>
<header><a href="${escapeHtml(site.siteUrl)}/">${escapeHtml(site.brand)}</a></header>
<main><div class="card">
<h1>${escapeHtml(title)}</h1>
${bodyHtml}
</div></main>
</body>
</html>
`;
}

/** The headers every one of these pages is sent with: its own policy (style by hash, no script) and Referrer-Policy. */
export const pageHeaders = (site: SiteConfig): HeaderSet => serverPageHeaders(site, [pageStyle]);
