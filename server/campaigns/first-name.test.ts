// {{firstName}}: the recipient's first name, or nothing and no stray space.
import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import { accountFirstName, escapeMarkdown, withFirstName } from "./first-name.ts";

describe("withFirstName", () => {
  it("greets by the first name, and without one leaves the greeting whole", () => {
    expect(withFirstName("Hello {{firstName}},\n\nNews.", "Jo")).toBe("Hello Jo,\n\nNews.");
    expect(withFirstName("Hello {{firstName}},\n\nNews.", "")).toBe("Hello,\n\nNews.");
    expect(withFirstName("Hi {{ firstName }}! And again, {{firstName}}.", "  ")).toBe("Hi! And again,.");
    expect(withFirstName("{{firstName}}, this is for you", "Ann")).toBe("Ann, this is for you");
  });

  it("leaves other double braces as written", () => {
    expect(withFirstName("{{lastName}} {{ firstname }}", "Jo")).toBe("{{lastName}} {{ firstname }}");
  });

  it("escapes a name's markdown, so a subscriber's words never become a link, an image or a heading", () => {
    const markdown = new MarkdownIt({ html: false });
    for (const name of ["[win](https://evil.example)", "![x](https://evil.example/x.png)", "*Jo*", "&lt;b&gt;"]) {
      const html = markdown.render(withFirstName("Hello {{firstName}},", name));
      expect(html, name).not.toMatch(/<a |<img |<em>|&lt;b&gt;/);
      expect(markdown.renderInline(escapeMarkdown(name)).replace(/&amp;/g, "&"), name).toBe(name);
    }
    // The plain-text part takes the name as it is.
    expect(withFirstName("Hello {{firstName}},", "O'Neil-Smith", (name) => name)).toBe("Hello O'Neil-Smith,");
  });
});

describe("accountFirstName", () => {
  it("is the first word of the account's name, or nothing", () => {
    expect(accountFirstName("Ana Marketer")).toBe("Ana");
    expect(accountFirstName("  Jo ")).toBe("Jo");
    expect(accountFirstName("")).toBe("");
    expect(accountFirstName(null)).toBe("");
  });
});
