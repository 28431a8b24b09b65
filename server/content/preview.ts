/**
 * The console's previews of a draft, by the build's own renderer, marked as a preview and sent without any
 * script (the policy allows none, posts no form, embeds nothing): a preview never counts a visit or sends a lead.
 */
import { createHash } from "node:crypto";
import { sha256Source, type CspManifest } from "#common/csp-hashes.ts";
import { html } from "#common/html.ts";
import type { SiteConfig } from "#common/site.ts";
import { allowedOrigins } from "../security-headers.ts";
import { finishPage, RenderError, rendererOnce } from "./page-renderer.ts";

export interface ContentPreview {
  /** The HTML of a draft's markdown; throws (the bundle's ContentError) for an unknown placeholder. */
  draft(key: string, body: string): string;
  /** The whole page at `urlPath` with `bodies` as the published text, banner included. */
  page(urlPath: string, bodies: Map<string, string>, label: string): Promise<string>;
}

// The body's last part, stuck to the bottom edge while the page scrolls above it: always in view, never
// over the site's sticky header (at the top it covered the header and the menu), and at the end of the
// page it stands after the footer, so nothing is under it however many lines it wraps to on a phone.
const bannerStyle =
  ".content-preview{position:sticky;bottom:0;z-index:100;margin:0;padding:.6rem 1rem;background:#fef3c7;" +
  "color:#78350f;border-top:2px solid #b45309;font:600 .9rem/1.4 system-ui,sans-serif;text-align:center}";
const bannerStyleHash = sha256Source(createHash("sha256").update(bannerStyle, "utf8").digest("base64"));

/** The policy of a preview page: the site's styles and images, no script, no frame, no form post, no connection. */
export function previewPolicy(site: SiteConfig, manifest: Pick<CspManifest, "styles" | "styleAttributes">): string {
  return [
    "default-src 'none'",
    "script-src 'none'",
    ["style-src 'self'", ...manifest.styles, bannerStyleHash].join(" "),
    `style-src-attr ${manifest.styleAttributes ? "'unsafe-inline'" : "'none'"}`,
    ["img-src 'self' data:", ...allowedOrigins(site).img].join(" "),
    "font-src 'self'",
    "connect-src 'none'",
    "frame-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Puts the preview's banner last in the body, its style sheet last in the head, and "Preview" in the tab's title. */
export function markAsPreview(page: string, label: string): string {
  const banner = html`<p class="content-preview" role="note">Preview — ${label}. Not published: visitors do not see this.</p>`;
  return page
    .replace(/<title>/, "<title>Preview — ")
    .replace("</head>", `<style>${bannerStyle}</style></head>`)
    .replace("</body>", `${String(banner)}</body>`);
}

/** The previews of the build beside `serverBuildFile`, loaded on the first; without a build it throws RenderError. */
export function contentPreviewOf(serverBuildFile: string, site: SiteConfig, manifest: () => CspManifest) {
  const renderer = rendererOnce(serverBuildFile);
  return async (): Promise<ContentPreview> => {
    const render = await renderer();
    const renderDraft = render.draft;
    if (!renderDraft) throw new RenderError(`${serverBuildFile} exports no renderDraft: it is an older build; rebuild`);
    return {
      draft: (key, body) => renderDraft(key, body, site),
      page: async (urlPath, bodies, label) => {
        const finished = finishPage(await render(urlPath, { bodies }), manifest());
        return markAsPreview(finished.html.toString("utf8"), label);
      },
    };
  };
}
