/**
 * What the editor checks before publishing, on the markdown as written: links to pages of the site
 * that do not exist, images without a text alternative or from another site, headings that skip a level, addresses
 * the server refuses at save (javascript:, vbscript:, data:, file:, as server/content/validation.ts), and HTML,
 * which the site shows as text and never runs. Read line by line (code blocks left out), which is all the site's
 * content uses: no parser in the browser.
 */
export interface Finding {
  line: number;
  text: string;
  /** The server refuses to save or publish it (validation.ts): no "publish anyway" gets past it. */
  refused?: true;
}

const fence = /^\s*(```|~~~)/;
// The address as CommonMark reads it: in <…>, or bare with balanced parentheses ("data:…<b>…", "f(x)").
const linkOrImage = /(!?)\[([^\]]*)\]\(\s*(?:<([^>]*)>|((?:[^\s()]|\([^\s()]*\))*))(?:\s+"[^"]*")?\s*\)/g;
const heading = /^(#{1,6})\s+\S/;
/** An autolink as markdown-it reads one: <scheme:address>. */
const autolink = /<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\s]*)>/g;
/** An HTML tag, opening or closing (an autolink has a colon after its first word, a tag does not). */
const htmlTag = /<\/?([A-Za-z][A-Za-z0-9-]*)(?=[\s/>])[^>]*>?/g;
const codeSpan = /`+[^`]*`+/g;
const refusedScheme = /^(javascript|vbscript|data|file):/i;

/** The scheme a browser would see: percent-escapes decoded, whitespace and control characters gone. */
const refusedAddress = (href: string) => {
  let decoded = href;
  try {
    decoded = decodeURIComponent(href);
  } catch {
    // A malformed escape stays as written.
  }
  return refusedScheme.test([...decoded].filter((char) => char.charCodeAt(0) > 0x20).join(""));
};
const refusal = (href: string) =>
  `The link ${href.length > 40 ? `${href.slice(0, 40)}…` : href} will be refused when you save: javascript:, vbscript:, data: and file: addresses are not allowed. Link to a page (/contact) or a web address (https://…).`;

/** A path of the site's own: "/x", not "//host/x"; its query and fragment and trailing slash removed. */
const sitePathOf = (href: string) => {
  if (!href.startsWith("/") || href.startsWith("//")) return undefined;
  const bare = href.split(/[?#]/)[0];
  return bare.length > 1 ? bare.replace(/\/+$/, "") : bare;
};

export function checkMarkdown(markdown: string, sitePaths: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  const known = new Set(sitePaths);
  let inCode = false;
  let previousLevel = 0;
  markdown.split("\n").forEach((source, index) => {
    const line = index + 1;
    if (fence.test(source)) {
      inCode = !inCode;
      return;
    }
    if (inCode || /^( {4}|\t)/.test(source)) return;
    const level = heading.exec(source)?.[1].length;
    if (level) {
      if (previousLevel && level > previousLevel + 1)
        findings.push({
          line,
          text: `Heading level ${level} follows level ${previousLevel}: use level ${previousLevel + 1} (${"#".repeat(previousLevel + 1)}).`,
        });
      previousLevel = level;
    }
    for (const [, bang, label, bracketed, bare] of source.matchAll(linkOrImage)) {
      const href = bracketed ?? bare;
      if (refusedAddress(href)) {
        findings.push({ line, text: refusal(href), refused: true });
        continue;
      }
      if (bang && label.trim() === "")
        findings.push({ line, text: `The image ${href} has no alt text: describe it between the brackets.` });
      // The save refuses it (server/content/validation.ts): said here first, with what to do.
      if (bang && !sitePathOf(href))
        findings.push({
          line,
          text: `The image ${href} is not on this site: upload it on the Images page and paste its markdown.`,
          refused: true,
        });
      const path = bang ? undefined : sitePathOf(href);
      // A file of the site (a PDF under /media) has an extension; pages have none.
      if (path && !/\.[a-z0-9]+$/i.test(path) && !known.has(path))
        findings.push({ line, text: `The link to ${path} leads to no page of the site.` });
    }
    const prose = source.replace(codeSpan, "").replace(linkOrImage, "");
    for (const [, href] of prose.matchAll(autolink))
      if (refusedAddress(href)) findings.push({ line, text: refusal(href), refused: true });
    const tags = new Set([...prose.replace(autolink, "").matchAll(htmlTag)].map(([, name]) => name.toLowerCase()));
    for (const tag of tags)
      findings.push({
        line,
        text: `HTML is not run in content: <${tag}> is shown as text on the page, as written. Use markdown instead.`,
      });
  });
  return findings;
}
