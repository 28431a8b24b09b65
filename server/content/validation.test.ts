import { describe, expect, it } from "vitest";
import { checkContent } from "./validation.ts";

describe("checkContent", () => {
  it.each([
    "[x](javascript:alert(1))",
    "[x](JavaScript:alert(1))",
    "[x]( javascript:alert(1) )",
    "[x](<javascript:alert(1)>)",
    "[x](jav&#97;script:alert(1))",
    "[x](java%73cript:alert(1))",
    "[x][ref]\n\n[ref]: javascript:alert(1)",
    "<javascript:alert(1)>",
    "![img](data:image/svg+xml;base64,PHN2Zz4=)",
    "[x](data:text/html,<script>alert(1)</script>)",
    "[x](vbscript:msgbox)",
    "[x](file:///etc/passwd)",
  ])("refuses %s with a message that says what to do", (body) => {
    expect(() => checkContent("about-home", body)).toThrow(/are not allowed in content\. Link to a page/);
  });

  it("accepts links to pages, web addresses, mail and phone", () => {
    expect(() =>
      checkContent(
        "about-home",
        "[a](/contact) [b](https://example.com/x) [c](mailto:a@b.example) [d](tel:+15550100199)",
      ),
    ).not.toThrow();
  });

  it("refuses an unknown key and an empty text", () => {
    expect(() => checkContent("home-nothing", "text")).toThrow('Unknown content key "home-nothing"');
    expect(() => checkContent("about-home", "  \n")).toThrow("the text is empty");
  });

  it("takes images that are uploads or paths on the site, and refuses images from elsewhere", () => {
    expect(() =>
      checkContent(
        "about-home",
        "![Team](/assets/uploads/3f2a9c1b0d4e5f67-1200x800) ![Logo](/assets/img/logo.webp)\n\n![r][up]\n\n[up]: /assets/uploads/3f2a9c1b0d4e5f67-1200x800",
      ),
    ).not.toThrow();
    for (const body of [
      "![x](https://tracker.example/pixel.png)",
      "![x](//tracker.example/pixel.png)",
      "![x][r]\n\n[r]: http://tracker.example/a.png",
      "![x](uploads/photo.png)",
    ])
      expect(() => checkContent("about-home", body), body).toThrow(
        /the image ".*" is refused: an image must be uploaded in the console \(Images\)/,
      );
    // A link to another site is still fine; only images must be the site's own.
    expect(() => checkContent("about-home", "[photo](https://example.com/a.png)")).not.toThrow();
  });
});

describe("checkContent of a structured key", () => {
  const logo = "/assets/uploads/3f2a9c1b0d4e5f67-1200x800";

  it("refuses with every problem, naming the key, entry and field", () => {
    expect(() => checkContent("proof/logos", JSON.stringify([{ company: "", logo }]))).toThrow(
      '"proof/logos": Logo 1, Company: is required.',
    );
  });

  it("takes an unfinished draft (empty fields, too few entries, no text) but nothing unsafe in it", () => {
    const draft = { draft: true };
    const post = (fields: object) =>
      JSON.stringify([{ title: "Half", summary: "", body: "", author: "", date: "", ...fields }]);
    expect(() => checkContent("post/half", post({}), draft)).not.toThrow();
    expect(() => checkContent("post/half", post({}))).toThrow("Summary is required.");
    expect(() => checkContent("faq/products", "[]", draft)).not.toThrow();
    expect(() => checkContent("about-home", " ", draft)).not.toThrow();
    // A filled field is still checked: its form, its links.
    expect(() => checkContent("post/half", post({ date: "2026-02-30" }), draft)).toThrow(
      "is not a day of the calendar",
    );
    expect(() => checkContent("post/half", post({ body: "[x](javascript:alert(1))" }), draft)).toThrow("is refused");
    expect(() => checkContent("about-home", "![x](https://tracker.example/p.png)", draft)).toThrow("is refused");
  });

  it("reads an FAQ answer's links as markdown does, and refuses script in them", () => {
    const faq = (answer: string) => JSON.stringify([{ question: "Q?", answer }]);
    expect(() => checkContent("faq/products", faq("[x](jav&#97;script:alert(1))"))).toThrow(
      '"faq/products": Question 1, Answer: has the link "javascript:alert(1)", which is refused',
    );
    expect(() =>
      checkContent("faq/products", faq("See [the guide](https://example.com) or [us](/contact).")),
    ).not.toThrow();
  });

  it("accepts an empty list of proof: publishing it removes the section", () => {
    expect(() => checkContent("proof/quotes", "[]")).not.toThrow();
  });
});

describe("checkContent of placeholders", () => {
  const post = (body: string, title = "A post") =>
    JSON.stringify([
      { title, summary: "S", body, cover: "", coverAlt: "", author: "Ann", tags: "", date: "2026-03-02" },
    ]);

  it("refuses a name that is no setting, naming it and its line", () => {
    expect(() => checkContent("about-home", "# About\n\nhello {{nope}}")).toThrow(
      '"about-home": Unknown placeholder {{nope}} on line 3.',
    );
    expect(() => checkContent("post/templates", post("One\n\nhello {{nope}}"))).toThrow(
      '"post/templates": Text: Unknown placeholder {{nope}} on line 3.',
    );
  });

  it("refuses what an object would inherit: {{constructor}}, {{__proto__}}", () => {
    expect(() => checkContent("home-heading", "# {{constructor}}")).toThrow(
      "Unknown placeholder {{constructor}} on line 1.",
    );
    expect(() => checkContent("home-heading", "# {{__proto__}}")).toThrow(
      "Unknown placeholder {{__proto__}} on line 1.",
    );
    expect(() => checkContent("faq/products", JSON.stringify([{ question: "{{toString}}?", answer: "A" }]))).toThrow(
      '"faq/products": Question 1, Question: Unknown placeholder {{toString}} on line 1.',
    );
  });

  it("takes the settings and {{phoneHref}}; a post's title is not filled, so not checked", () => {
    expect(() => checkContent("about-home", "{{ productName }} [{{phone}}]({{phoneHref}}) {{#each}}")).not.toThrow();
    expect(() => checkContent("post/templates", post("Use {{brand}}.", "Writing {{name}} in templates"))).not.toThrow();
  });
});
