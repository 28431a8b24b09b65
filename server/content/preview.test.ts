// The preview's banner stands last in the page and sticks to the bottom edge, so it never covers the
// site's header or the end of the page; the tab's title says it is a preview.
import { describe, expect, it } from "vitest";
import { markAsPreview } from "./preview.ts";

const page =
  '<html><head><title>About | Tallyway</title></head><body id="top"><header></header><footer></footer></body></html>';

describe("markAsPreview", () => {
  it("puts the banner after the footer, sticky at the bottom, and names the tab a preview", () => {
    const marked = markAsPreview(page, "About · Page text, version 2");
    expect(marked).toContain("<title>Preview — About | Tallyway</title>");
    expect(marked).toMatch(
      /<footer><\/footer><p class="content-preview" role="note">Preview — About · Page text, version 2\. Not published: visitors do not see this\.<\/p><\/body>/,
    );
    expect(marked).toMatch(/\.content-preview\{position:sticky;bottom:0;/);
    expect(marked).not.toContain("position:fixed");
  });

  it("escapes the label", () => {
    expect(markAsPreview(page, "<b>x</b>")).toContain("Preview — &lt;b&gt;x&lt;/b&gt;.");
  });
});
