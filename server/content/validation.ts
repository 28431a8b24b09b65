/**
 * What a save and a publish refuse: an unknown key or {{placeholder}}, and links or images that run script
 * or embed data. The renderer would drop such links silently; refused at save, the editor is told why.
 * Addresses are read as markdown-it reads them, so a spelling the renderer accepts is checked too.
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

/** Throws ContentRefused with what to fix. A `draft` (a save) may be unfinished, never unsafe. */
export function checkContent(key: string, body: string, { draft = false } = {}): void {
  if (!isEditableKey(key)) throw new ContentRefused(`Unknown content key "${key}": see "list" for the keys.`);
  if (body.trim() === "" && !draft) throw new ContentRefused(`"${key}": the text is empty.`);
  if (body.length > 200_000) throw new ContentRefused(`"${key}": the text is over 200,000 characters.`);
  if (isStructuredKey(key)) return checkStructured(key, body, draft);
  const unknown = unknownPlaceholders(body);
  if (unknown.length)
    throw new ContentRefused(`"${key}": ${unknown.map((problem) => problem.text).join(" ")} ${placeholderHelp}`);
  const { link, image } = unsafeIn(body);
  if (link !== undefined)
    throw new ContentRefused(
      `"${key}": the link ${link} is refused: javascript:, vbscript:, data: and file: ` +
        "addresses are not allowed in content. Link to a page (/contact) or a web address (https://…).",
    );
  if (image !== undefined)
    throw new ContentRefused(
      `"${key}": the image ${image} is refused: an image must be uploaded in the console ` +
        "(Images) and named by its reference, ![what it shows](/assets/uploads/…), or be a path on this site.",
    );
}

/** The first refused link and the first image not on this site in the markdown, quoted for a message. */
function unsafeIn(markdown: string) {
  const quoted = (address?: string) => (address === undefined ? undefined : JSON.stringify(address.slice(0, 80)));
  return {
    link: quoted(addressesIn(markdown).find(isRefusedAddress)),
    image: quoted(imagesIn(markdown).find((src) => !isSiteImage(src))),
  };
}

/** A structured key against its schema, and each markdown field's links as the renderer reads them. */
function checkStructured(key: SchemaKey, body: string, draft: boolean): void {
  const problems = structuredProblems(key, body, { draft });
  if (!problems.length) {
    const schema = schemaOf(key);
    const entries = JSON.parse(body) as Record<string, string>[];
    entries.forEach((entry, index) => {
      for (const field of schema.fields.filter((field) => field.kind === "markdown")) {
        const { link, image } = unsafeIn(entry[field.name] ?? "");
        const refused = (why: string) => problems.push(problemSentence(schema, index, field.label, why));
        if (link !== undefined)
          refused(
            `has the link ${link}, which is refused: javascript:, vbscript:, data: and file: addresses are not allowed`,
          );
        if (image !== undefined)
          refused(
            `has the image ${image}, which is refused: ` +
              "an image must be uploaded in the console (Images) or be a path on this site",
          );
      }
    });
  }
  if (problems.length)
    throw new ContentRefused(
      `"${key}": ${problems.join(" ")}${problems.some((problem) => problem.includes("Unknown placeholder")) ? ` ${placeholderHelp}` : ""}`,
    );
}
