/**
 * What the editor checks before publishing, on the markdown as written: links to pages of the site
 * that do not exist, images without a text alternative or from another site, and headings that skip a level. Read
 * line by line (code blocks left out), which is all the site's content uses: no parser in the browser.
 */
export interface Finding {
  line: number;
  text: string;
}

const fence = /^\s*(```|~~~)/;
const linkOrImage = /(!?)\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g;
const heading = /^(#{1,6})\s+\S/;

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
        findings.push({ line, text: `Heading level ${level} follows level ${previousLevel}: use level ${previousLevel + 1} (${"#".repeat(previousLevel + 1)}).` });
      previousLevel = level;
    }
    for (const [, bang, label, href] of source.matchAll(linkOrImage)) {
      if (bang && label.trim() === "") findings.push({ line, text: `The image ${href} has no alt text: describe it between the brackets.` });
      // The save refuses it (server/content/validation.ts): said here first, with what to do.
      if (bang && !sitePathOf(href))
        findings.push({ line, text: `The image ${href} is not on this site: upload it on the Images page and paste its markdown.` });
      const path = bang ? undefined : sitePathOf(href);
      // A file of the site (a PDF under /media) has an extension; pages have none.
      if (path && !/\.[a-z0-9]+$/i.test(path) && !known.has(path)) findings.push({ line, text: `The link to ${path} leads to no page of the site.` });
    }
  });
  return findings;
}
