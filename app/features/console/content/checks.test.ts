import { describe, expect, it } from "vitest";
import { checkMarkdown } from "./checks.ts";
import { diffRows } from "./diff-rows.ts";

const site = ["/", "/contact", "/features/project"];

describe("the checks before publishing", () => {
  it("finds links to pages that do not exist, and accepts pages, files, anchors and other sites", () => {
    const text =
      "[a](/contact) [b](/contact/?x=1#y) [c](/nope) [d](https://x.example/nope) [e](/media/A_FeatureList.pdf) [f](#top) [g](mailto:a@b.example)";
    expect(checkMarkdown(text, site)).toEqual([{ line: 1, text: "The link to /nope leads to no page of the site." }]);
  });

  it("finds images from other sites, which a save refuses", () => {
    expect(
      checkMarkdown("![Team](/assets/uploads/3f2a9c1b0d4e5f67-1200x800)\n![Pixel](https://t.example/p.png)", site),
    ).toEqual([
      {
        line: 2,
        text: "The image https://t.example/p.png is not on this site: upload it on the Images page and paste its markdown.",
        refused: true,
      },
    ]);
  });

  it("finds images without alt text", () => {
    expect(checkMarkdown("![](/a.png)\n\n![A chart](/b.png)", site)).toEqual([
      { line: 1, text: "The image /a.png has no alt text: describe it between the brackets." },
    ]);
  });

  it("finds a heading that skips a level, but not one that goes back up", () => {
    expect(checkMarkdown("# A\n## B\n### C\n## D\n#### E", site)).toEqual([
      { line: 5, text: "Heading level 4 follows level 2: use level 3 (###)." },
    ]);
  });

  it("says which addresses the save will refuse, in links, images and autolinks, however they are spelled", () => {
    const text =
      "[a](javascript:alert(1)) ![b](data:image/png;base64,xx)\n<javascript:alert(2)> <https://ok.example>\n[c](java%0Ascript:x) [d](/contact)";
    const found = checkMarkdown(text, site);
    expect(found.map((finding) => [finding.line, finding.text.split(" will be refused")[0]])).toEqual([
      [1, "The link javascript:alert(1)"],
      [1, "The link data:image/png;base64,xx"],
      [2, "The link javascript:alert(2)"],
      [3, "The link java%0Ascript:x"],
    ]);
    // Each is one the server refuses: no "publish anyway" offers to get past it.
    expect(found.every((finding) => finding.refused)).toBe(true);
    // A bare address may hold markup and balanced parentheses, as markdown-it reads it.
    expect(checkMarkdown("[x](data:text/html,<script>a()</script>)", site).map((f) => f.text.slice(0, 34))).toEqual([
      "The link data:text/html,<script>a(",
    ]);
    expect(found[0].text).toContain("javascript:, vbscript:, data: and file: addresses are not allowed.");
  });

  it("says that HTML is shown as text, once per tag and line, leaving code spans and autolinks alone", () => {
    const text = "<script>alert(1)</script>\n<img src=x onerror=alert(1)>\n`<b>` <https://a.example> a < b > c";
    expect(checkMarkdown(text, site)).toEqual([
      {
        line: 1,
        text: "HTML is not run in content: <script> is shown as text on the page, as written. Use markdown instead.",
      },
      {
        line: 2,
        text: "HTML is not run in content: <img> is shown as text on the page, as written. Use markdown instead.",
      },
    ]);
  });

  it("leaves code blocks out", () => {
    expect(checkMarkdown("# A\n```\n### not a heading [x](/nope)\n```\n## B", site)).toEqual([]);
  });
});

describe("the side-by-side diff", () => {
  it("puts a changed line beside its new text and keeps line numbers on both sides", () => {
    expect(diffRows("a\nb\nc\n", "a\nB\nc\nd\n")).toEqual([
      { old: { number: 1, text: "a", changed: false }, new: { number: 1, text: "a", changed: false } },
      { old: { number: 2, text: "b", changed: true }, new: { number: 2, text: "B", changed: true } },
      { old: { number: 3, text: "c", changed: false }, new: { number: 3, text: "c", changed: false } },
      { old: undefined, new: { number: 4, text: "d", changed: true } },
    ]);
    expect(diffRows("a\nb", "a")).toEqual([
      { old: { number: 1, text: "a", changed: false }, new: { number: 1, text: "a", changed: false } },
      { old: { number: 2, text: "b", changed: true }, new: undefined },
    ]);
  });
});
