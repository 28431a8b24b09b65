/**
 * The content service of spec §7, run at build time: reads content/<key>.md, fills in
 * {{setting}} placeholders from the site configuration (so names live in one place) and
 * renders it to HTML. Only route loaders call it, and loaders run while prerendering, so
 * no markdown parser ever reaches the browser.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import MarkdownIt from "markdown-it";
import type { SiteConfig } from "../../common/site";
import { telHref } from "./links";

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });

export class ContentError extends Error {
  override name = "ContentError";
}

export function contentDirectory(): string {
  return path.resolve(process.env.CONTENT_DIR ?? "content");
}

/** The privacy policy and terms: pages of their own, not content keys of the spec. */
export function legalDirectory(): string {
  return path.join(contentDirectory(), "legal");
}

/** Values derived from the settings, for links in content: `[{{phone}}]({{phoneHref}})`. */
function derivedValues(site: SiteConfig): Record<string, string> {
  return { phoneHref: telHref(site.phone) };
}

/** Replaces {{key}} with the site setting (or derived value) of that name; an unknown name is an error. */
export function fillPlaceholders(text: string, site: SiteConfig, key: string): string {
  const values: Record<string, string> = { ...site, ...derivedValues(site) };
  return text.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (_, name: string) => {
    if (!Object.hasOwn(values, name)) throw new ContentError(`Content "${key}" uses unknown placeholder {{${name}}}`);
    return values[name];
  });
}

/** Renders the markdown of a content key to HTML; an unknown key fails with its name. */
export function renderContent(key: string, site: SiteConfig, directory = contentDirectory()): string {
  if (!/^[a-z0-9-]+$/.test(key)) throw new ContentError(`Invalid content key "${key}"`);
  let source: string;
  try {
    source = readFileSync(path.join(directory, `${key}.md`), "utf8");
  } catch {
    throw new ContentError(`Unknown content key "${key}": there is no file content/${key}.md`);
  }
  return markdown.render(fillPlaceholders(source, site, key));
}
