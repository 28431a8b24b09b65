/**
 * The few pages the server renders itself (newsletter confirm and unsubscribe): small,
 * self-contained HTML in the site's colours, readable without JavaScript or the site bundle.
 */
import type { SiteConfig } from "../../common/site.ts";
import { escapeHtml } from "../mail/messages.ts";

export function page(site: SiteConfig, title: string, bodyHtml: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(site.brand)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  body { margin: 0; font: 18px/1.6 ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #1b2330; background: #f7f9fb; }
  header { background: #fff; border-bottom: 1px solid #e3e7ed; padding: 16px 24px; }
  header a { color: #0a5a53; font-weight: 700; font-size: 20px; text-decoration: none; }
  main { max-width: 36rem; margin: 48px auto; padding: 0 16px; }
  .card { background: #fff; border: 1px solid #e3e7ed; border-radius: 16px; padding: 32px; box-shadow: 0 1px 2px rgb(0 0 0 / 5%); }
  h1 { font-size: 28px; line-height: 1.25; margin: 0 0 12px; }
  p { color: #4b5565; margin: 12px 0; }
  a { color: #0a5a53; }
  button, .button { display: inline-block; min-height: 44px; border: 0; border-radius: 8px; padding: 10px 20px; font: inherit; font-weight: 600; color: #fff; background: #0d6e66; cursor: pointer; text-decoration: none; }
  button:hover, .button:hover { background: #08453f; }
  :focus-visible { outline: 3px solid #b4400a; outline-offset: 2px; }
</style>
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
