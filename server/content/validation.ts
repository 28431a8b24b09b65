/**
 * What a save and a publish refuse: an unknown key, a {{placeholder}} that names no setting of the
 * site (the page would not render: common/placeholders.ts), and links or images whose address
 * runs script or embeds data (javascript:, vbscript:, data:, file:). The renderer has raw HTML
 * off (markdown-it `html: false`) and would drop such links silently; refusing them at save
 * tells the editor why instead. Addresses are read the way markdown-it reads them (inline,
 * reference and autolinks, entities decoded), so a spelling the renderer accepts is checked too.
 */
import MarkdownIt from "markdown-it";
import { isEditableKey } from "#common/content-keys.ts";
import {
  isRefusedAddress,
  isStructuredKey,
  problemSentence,
  schemaOf,
  structuredProblems,
  type SchemaKey,
} from "#common/content-schemas.ts";
import { placeholderHelp, unknownPlaceholders } from "#common/placeholders.ts";
import { parseUploadRef } from "#common/uploads.ts";
import { ContentRefused } from "./store.ts";

/** Every link and image address in the markdown, as markdown-it resolves it. */
function addressesIn(markdown: string): string[] {
  const addresses: string[] = [];
  const reader = new MarkdownIt({ html: false, linkify: false });
  reader.validateLink = (url) => {
    addresses.push(url);
    return true;
  };
  reader.parse(markdown, {});
  return addresses;
}

/** Every image's address, as markdown-it resolves it (inline and reference images). */
function imagesIn(markdown: string): string[] {
  const reader = new MarkdownIt({ html: false, linkify: false });
  return reader
    .parse(markdown, {})
    .flatMap((token) => token.children ?? [])
    .filter((token) => token.type === "image")
    .map((token) => String(token.attrGet("src") ?? ""));
}

/** An image a page may show: an upload's reference, or a path on the site (the page's CSP allows no other host). */
const isSiteImage = (src: string) =>
  parseUploadRef(src) !== undefined || (src.startsWith("/") && !src.startsWith("//") && !src.startsWith("/\\"));

/**
 * Throws ContentRefused with what to fix; returns quietly for a body that may be saved. A `draft`
 * (a save, not a publish) may be unfinished: empty, or with required fields still empty; what it
 * says must still be safe (links, images, placeholders).
 */
export function checkContent(key: string, body: string, { draft = false } = {}): void {
  if (!isEditableKey(key)) throw new ContentRefused(`Unknown content key "${key}": see "list" for the keys.`);
  if (body.trim() === "" && !draft) throw new ContentRefused(`"${key}": the text is empty.`);
  if (body.length > 200_000) throw new ContentRefused(`"${key}": the text is over 200,000 characters.`);
  if (isStructuredKey(key)) return checkStructured(key, body, draft);
  const unknown = unknownPlaceholders(body);
  if (unknown.length)
    throw new ContentRefused(`"${key}": ${unknown.map((problem) => problem.text).join(" ")} ${placeholderHelp}`);
  const refused = addressesIn(body).find(isRefusedAddress);
  if (refused)
    throw new ContentRefused(
      `"${key}": the link ${JSON.stringify(refused.slice(0, 80))} is refused: javascript:, vbscript:, data: and file: ` +
        "addresses are not allowed in content. Link to a page (/contact) or a web address (https://…).",
    );
  const foreign = imagesIn(body).find((src) => !isSiteImage(src));
  if (foreign !== undefined)
    throw new ContentRefused(
      `"${key}": the image ${JSON.stringify(foreign.slice(0, 80))} is refused: an image must be uploaded in the console ` +
        "(Images) and named by its reference, ![what it shows](/assets/uploads/…), or be a path on this site.",
    );
}

/** A structured key against its schema, and each markdown field's links as the renderer reads them. */
function checkStructured(key: SchemaKey, body: string, draft: boolean): void {
  const problems = structuredProblems(key, body, { draft });
  if (!problems.length) {
    const schema = schemaOf(key);
    const entries = JSON.parse(body) as Record<string, string>[];
    entries.forEach((entry, index) => {
      for (const field of schema.fields.filter((field) => field.kind === "markdown")) {
        const refused = addressesIn(entry[field.name] ?? "").find(isRefusedAddress);
        if (refused)
          problems.push(
            problemSentence(
              schema,
              index,
              field.label,
              `has the link ${JSON.stringify(refused.slice(0, 80))}, which is refused: ` +
                "javascript:, vbscript:, data: and file: addresses are not allowed",
            ),
          );
        const foreign = imagesIn(entry[field.name] ?? "").find((src) => !isSiteImage(src));
        if (foreign !== undefined)
          problems.push(
            problemSentence(
              schema,
              index,
              field.label,
              `has the image ${JSON.stringify(foreign.slice(0, 80))}, which is refused: ` +
                "an image must be uploaded in the console (Images) or be a path on this site",
            ),
          );
      }
    });
  }
  if (problems.length)
    throw new ContentRefused(
      `"${key}": ${problems.join(" ")}${problems.some((problem) => problem.includes("Unknown placeholder")) ? ` ${placeholderHelp}` : ""}`,
    );
}
