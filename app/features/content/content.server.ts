/**
 * The content service of requirements §7, run when a page is rendered: the published text of a key
 * (handed in through the loader's context when the server re-renders a page, server/content/)
 * or else content/<key>.md, with {{setting}} placeholders filled from the site configuration (so
 * names live in one place), rendered to HTML. Only route loaders call it, and loaders run while
 * prerendering or in the server's re-render, so no markdown parser ever reaches the browser.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import MarkdownIt from "markdown-it";
import type { SiteConfig } from "#common/site.ts";
import { isStructuredKey, type EntryOf, type StructuredKey } from "#common/content-schemas.ts";
import { isKnownPlaceholder, placeholderPattern } from "#common/placeholders.ts";
import { publishedContentContext, type ContentContext } from "./published-content.ts";
import { telHref } from "#app/shared/links.ts";
import { uploadedImage } from "#app/shared/uploaded-image.ts";
import { parseUploadRef } from "#common/uploads.ts";
import { newTabHint } from "#app/shared/ExternalLink.tsx";

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });

// A link in the text that leaves the site (marketplace, guides) behaves as ExternalLink does: it opens in
// a new tab, so the visitor keeps their place, and says so to screen readers. Pages of the site are
// linked by path, so an absolute http(s) address is always another site.
const leavesSite = (href: unknown) => typeof href === "string" && /^https?:\/\//i.test(href);
markdown.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  const token = tokens[index];
  if (leavesSite(token.attrGet("href"))) {
    token.attrSet("target", "_blank");
    token.attrSet("rel", "noopener");
  }
  return self.renderToken(tokens, index, options);
};
markdown.renderer.rules.link_close = (tokens, index, options, _env, self) => {
  const open = tokens.slice(0, index).findLast((token) => token.type === "link_open");
  const hint = open && leavesSite(open.attrGet("href")) ? `<span class="sr-only">${newTabHint}</span>` : "";
  return hint + self.renderToken(tokens, index, options);
};

/** What a render passes its rules: the image host that uploaded images are linked through (requirements §7). */
const envOf = (site: SiteConfig) => ({ imageHost: site.imageHost });

// An image uploaded in the console, `![alt](/assets/uploads/<id>-<w>x<h>)`, becomes a responsive <picture> with
// its AVIF and WebP variants and its intrinsic size (no layout shift), loaded when scrolled near. Other images
// (paths on the site, which validation.ts allows) stay plain <img>.
const plainImage = markdown.renderer.rules.image!;
const escape = markdown.utils.escapeHtml;
/** Prose is at most 72rem (1152 px) wide and an image never wider than itself; below that, at most the viewport. */
const contentImageSizes = (width: number) => {
  const shown = Math.min(width, 1152);
  return `(min-width: ${shown}px) ${shown}px, 100vw`;
};
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const ref = parseUploadRef(String(token.attrGet("src") ?? ""));
  if (!ref) return plainImage(tokens, index, options, env, self);
  const image = uploadedImage(ref, typeof env?.imageHost === "string" ? env.imageHost : "");
  const alt = self.renderInlineAsText(token.children ?? [], options, env);
  const title = String(token.attrGet("title") ?? "");
  const sizes = contentImageSizes(ref.width);
  const sources = image.sources
    .map((source) => `<source type="${source.type}" srcset="${escape(source.srcSet)}" sizes="${sizes}">`)
    .join("");
  return (
    `<picture>${sources}<img src="${escape(image.src)}" alt="${escape(alt)}"${title ? ` title="${escape(title)}"` : ""} ` +
    `width="${image.width}" height="${image.height}" loading="lazy" decoding="async"></picture>`
  );
};

export class ContentError extends Error {
  override name = "ContentError";
}

export function contentDirectory(): string {
  return path.resolve(process.env.CONTENT_DIR ?? "content");
}

/** Values derived from the settings, for links in content: `[{{phone}}]({{phoneHref}})` (common/placeholders.ts). */
function derivedValues(site: SiteConfig): Record<string, string> {
  return { phoneHref: telHref(site.phone) };
}

/**
 * Replaces {{name}} with the site setting (or derived value) of that name; a name that is none is an
 * error naming it and its line. The names are common/placeholders.ts', which the save checks too.
 */
export function fillPlaceholders(text: string, site: SiteConfig, key: string): string {
  const values: Record<string, string> = { ...site, ...derivedValues(site) };
  return text.replace(placeholderPattern, (_, name: string, offset: number) => {
    if (!isKnownPlaceholder(name) || !Object.hasOwn(values, name)) {
      const line = text.slice(0, offset).split("\n").length;
      throw new ContentError(`Content "${key}" uses unknown placeholder {{${name}}} on line ${line}`);
    }
    return values[name];
  });
}

/** The file of a key: "about-home" is content/about-home.md, "legal/terms" content/legal/terms.md, "pricing" content/pricing.json. */
export function contentFile(key: string, directory = contentDirectory()): string {
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)?$/.test(key)) throw new ContentError(`Invalid content key "${key}"`);
  return path.join(directory, isStructuredKey(key) ? `${key}.json` : `${key}.md`);
}

/** A key's markdown as written in content/, placeholders unfilled; an unknown key fails with its name. */
export function fileSource(key: string, directory = contentDirectory()): string {
  try {
    return readFileSync(contentFile(key, directory), "utf8");
  } catch (error) {
    if (error instanceof ContentError) throw error;
    throw new ContentError(
      `Unknown content key "${key}": there is no file ${path.relative(directory, contentFile(key, directory))} in content/`,
    );
  }
}

/**
 * The markdown of a content key with its placeholders filled: the published text the context
 * carries, else the file. The one way loaders read content, so a re-render and a build agree.
 */
export function contentSource(
  key: string,
  site: SiteConfig,
  context?: ContentContext,
  directory = contentDirectory(),
): string {
  const published = context?.get(publishedContentContext);
  published?.read?.add(key);
  return fillPlaceholders(published?.bodies.get(key) ?? fileSource(key, directory), site, key);
}

/**
 * The entries of a structured key (common/content-schemas.ts): the published JSON the context
 * carries, else the file, with {{setting}} placeholders filled in every field. Optional fields
 * left empty read as absent, so a page tests them with `if (entry.logo)`.
 */
export function structuredContent<K extends StructuredKey>(
  key: K,
  site: SiteConfig,
  context?: ContentContext,
  directory = contentDirectory(),
): EntryOf<K>[] {
  const published = context?.get(publishedContentContext);
  published?.read?.add(key);
  const entries = JSON.parse(published?.bodies.get(key) ?? fileSource(key, directory)) as Record<string, string>[];
  return entries.map(
    (entry) =>
      Object.fromEntries(
        Object.entries(entry)
          .filter(([, text]) => text !== "")
          .map(([name, text]) => [name, fillPlaceholders(text, site, key)]),
      ) as EntryOf<K>,
  );
}

/** A field of markdown in a structured key (an FAQ answer), rendered as the pages render content. */
export const renderMarkdownField = (text: string) => markdown.render(text);

const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
/** A one-line field (an FAQ question) as plain text, with the typographer's quotes and dashes as in a heading. */
export const renderInlineText = (text: string) =>
  markdown
    .renderInline(text)
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity])
    .trim();

/** A draft as its page would show it (the console's preview): placeholders filled, rendered the same way. */
export function renderDraft(key: string, body: string, site: SiteConfig): string {
  return markdown.render(fillPlaceholders(body, site, key), envOf(site));
}

/** Renders the markdown of a content key to HTML. */
export function renderContent(
  key: string,
  site: SiteConfig,
  context?: ContentContext,
  directory = contentDirectory(),
): string {
  return markdown.render(contentSource(key, site, context, directory), envOf(site));
}

export interface ContentSection {
  /** Anchor id made from the heading, unique within the page. */
  id: string;
  /** The heading's text (inline markdown rendered to plain text). */
  title: string;
  /** The section's body without its heading. */
  html: string;
}

/**
 * Renders a content key as its intro (the text before the first "## " heading) and one
 * section per "## " heading, so a page can lay sections out as cards or list them in a
 * table of contents.
 */
export function renderSections(
  key: string,
  site: SiteConfig,
  context?: ContentContext,
  directory = contentDirectory(),
): { intro: string; sections: ContentSection[] } {
  const [intro, ...parts] = contentSource(key, site, context, directory).split(/^## /m);
  const used = new Set<string>();
  const sections = parts.map((part) => {
    const newline = part.indexOf("\n");
    const heading = (newline === -1 ? part : part.slice(0, newline)).trim();
    const title = markdown.renderInline(heading).replace(/<[^>]+>/g, "");
    let id = slug(heading) || "section";
    for (let n = 2; used.has(id); n++) id = `${slug(heading)}-${n}`;
    used.add(id);
    return { id, title, html: markdown.render(newline === -1 ? "" : part.slice(newline + 1), envOf(site)) };
  });
  return { intro: markdown.render(intro, envOf(site)), sections };
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
