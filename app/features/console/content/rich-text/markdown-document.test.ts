// The rich-text editor edits the markdown the site renders: every text in content/ and a post come back
// from the editor's document byte for byte, and the normalisations a round trip may make are the ones listed.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import { parseMarkdown, schema, toMarkdown } from "./markdown-document.ts";

const roundTrip = (text: string) => toMarkdown(parseMarkdown(text), text);
// The site's own renderer (app/features/content/content.server.ts), to compare what a page would show.
const site = new MarkdownIt({ html: false, linkify: false, typographer: true });

const markdownFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? markdownFiles(path.join(folder, entry.name))
      : entry.name.endsWith(".md")
        ? [path.join(folder, entry.name)]
        : [],
  );

const samplePost = `Month end used to start on the 28th. Timesheets came in late, expenses sat in inboxes, and invoices waited for both.

## Where the days went

Three things took the time:

- chasing **missing timesheets** from people on client sites;
- matching expenses to the *right project* by hand;
- re-keying approved hours into the billing system.

## What changed

Time and expenses now go in where the projects already live, so [billing](/features/billing) reads approved hours directly.

![The approval screen](/assets/uploads/3f2a9c1b0d4e5f67-1200x800)

1. Reminders go out before the deadline.
2. Approvers see [the week](https://example.com/week "A week") at once.

> The first month, nobody noticed. The second, finance went home on time.

### What did not

Approval still takes a person. Call [{{phone}}]({{phoneHref}}) or write to [us](mailto:{{salesEmail}}).`;

describe("markdown → editor → markdown", () => {
  const files = markdownFiles("content");
  it("finds the site's texts", () => expect(files.length).toBeGreaterThan(15));
  it.each(files)("leaves %s unchanged", (file) => {
    const text = readFileSync(file, "utf8");
    expect(roundTrip(text)).toBe(text);
  });

  it("leaves a post with headings, lists, a link, an image, a quote and placeholders unchanged", () => {
    expect(roundTrip(samplePost)).toBe(samplePost);
  });

  it("keeps a table as its source, also inside a quote", () => {
    const table = "| A | B |\n|---|---|\n| 1 | 2 |";
    expect(roundTrip(`Intro\n\n${table}\n\nAfter`)).toBe(`Intro\n\n${table}\n\nAfter`);
    const doc = parseMarkdown(`> ${table.replaceAll("\n", "\n> ")}`);
    expect(doc.firstChild!.firstChild!.type.name).toBe("markdown_table");
    expect(doc.firstChild!.firstChild!.textContent).toBe(table);
  });

  it("keeps placeholders in addresses as written, not percent-encoded", () => {
    const doc = parseMarkdown("[{{phone}}]({{phoneHref}})");
    expect(doc.firstChild!.firstChild!.marks[0]!.attrs.href).toBe("{{phoneHref}}");
  });

  // What a round trip may change: the spelling of the same thing, never what the page shows.
  it.each([
    ["_italic_ and __bold__", "*italic* and **bold**"],
    ["Title\n=====", "# Title"],
    ["* one\n* two", "* one\n* two"],
    ["3) three\n4) four", "3. three\n4. four"],
    ["a &amp; b", "a & b"],
    ["[x][r]\n\n[r]: /contact", "[x](/contact)"],
    ["line  \nbreak", "line\\\nbreak"],
    ["~~gone~~", "~~gone~~"],
  ])("normalises %j to %j, rendered alike", (before, after) => {
    expect(roundTrip(before)).toBe(after);
    expect(site.render(after)).toBe(site.render(before));
  });
});

describe("a list made in the editor", () => {
  it("is tight with '-' bullets, as the lists in content/", () => {
    const item = (words: string) =>
      schema.nodes.list_item.create(null, schema.nodes.paragraph.create(null, schema.text(words)));
    const doc = schema.nodes.doc.create(null, [
      schema.nodes.bullet_list.create(null, [item("one"), item("two")]),
      schema.nodes.paragraph.create(null, schema.text("then")),
      schema.nodes.ordered_list.create(null, [item("first"), item("second")]),
    ]);
    expect(toMarkdown(doc)).toBe("- one\n- two\n\nthen\n\n1. first\n2. second");
  });
});
