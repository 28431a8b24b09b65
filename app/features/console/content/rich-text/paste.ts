/**
 * Text pasted from Word, Google Docs or a web page, made plain: the editor's schema already keeps only
 * what markdown can say (headings, emphasis, links, lists, quotes, images on the site), turns Docs'
 * bold and italic spans into emphasis and drops every style, class and span. What is left here is what
 * would still come through as text: Word's typed list bullets, and no-break spaces.
 */
import { Slice } from "prosemirror-model";
import { parseMarkdown } from "./markdown-document.ts";

export function cleanPastedHtml(html: string): string {
  return (
    html
      // Word writes a list's bullet or number as text inside these comments, then its own list style.
      .replace(/<!--\[if !supportLists\]-->[\s\S]*?<!--\[endif\]-->/g, "")
      .replace(/<span[^>]*mso-list:\s*Ignore[^>]*>[\s\S]*?<\/span>\s*(<\/span>)?/gi, "")
      .replace(/&nbsp;|\u00a0/g, " ")
  );
}

/** Plain text pasted is read as markdown, as the site would read it: `## Title` becomes a heading. */
export function pastedText(text: string): Slice {
  return Slice.maxOpen(parseMarkdown(text).content);
}
