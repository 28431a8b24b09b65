import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { structuredKeys, structuredProblems, structuredText, structuredWarnings } from "./content-schemas.ts";

const logo = "/assets/uploads/3f2a9c1b0d4e5f67-1200x800";
const quote = {
  quote: "It replaced three spreadsheets.",
  person: "Ann Lee",
  role: "Head of Delivery",
  company: "Acme",
};

describe("the structured keys' files", () => {
  it.each(structuredKeys)("content/%s.json passes its own schema and is stored as the editor writes it", (key) => {
    const text = readFileSync(`content/${key}.json`, "utf8");
    expect(structuredProblems(key, text)).toEqual([]);
    expect(structuredText(JSON.parse(text))).toBe(text);
  });

  it("starts with no proof: no quote and no logo is invented", () => {
    expect(JSON.parse(readFileSync("content/proof/quotes.json", "utf8"))).toEqual([]);
    expect(JSON.parse(readFileSync("content/proof/logos.json", "utf8"))).toEqual([]);
  });
});

describe("structuredProblems", () => {
  const check = (key: Parameters<typeof structuredProblems>[0], value: unknown) =>
    structuredProblems(key, JSON.stringify(value));

  it("accepts a quote with and without a logo", () => {
    expect(check("proof/quotes", [quote, { ...quote, person: "Bo", logo }])).toEqual([]);
  });

  it("takes the pages a quote or logo stands on, and entries written before places existed (issue 44)", () => {
    expect(check("proof/quotes", [quote, { ...quote, person: "Bo", places: "/features/billing, /solutions" }])).toEqual(
      [],
    );
    expect(
      check("proof/logos", [
        { company: "Acme", logo },
        { company: "Birch", logo, places: "/products" },
      ]),
    ).toEqual([]);
    expect(check("proof/quotes", [{ ...quote, places: "/, /pricing" }])).toEqual([
      'Quote 1, Shown on: names "/pricing", which proof cannot stand on; the pages are /, /products, ' +
        "/features/project, /features/resource, /features/time-expense-items, /features/time-expense-reports, " +
        "/features/billing, /features/time-off, /features/payroll-integration, /solutions.",
    ]);
    expect(check("proof/logos", [{ company: "Acme", logo, places: ["/"] }])).toEqual([
      "Logo 1, Shown on: must be text.",
    ]);
  });

  it("names the entry and the field of each missing or too long text", () => {
    expect(check("proof/quotes", [quote, { ...quote, person: " ", company: "x".repeat(81) }])).toEqual([
      "Quote 2, Person: is required.",
      "Quote 2, Company: is 81 characters long; at most 80.",
    ]);
  });

  it("takes only an uploaded image's reference as a logo", () => {
    expect(check("proof/logos", [{ company: "Acme", logo: "https://example.com/a.png" }])).toEqual([
      "Logo 1, Logo (uploaded image): must be an uploaded image's reference, such as /assets/uploads/3f2a9c1b0d4e5f67-1200x800 (see Images).",
    ]);
  });

  it.each(["javascript:alert(1)", "JaVa%73cript:alert(1)", " data:text/html,x", "java\tscript:x"])(
    "refuses the link %j",
    (link) => {
      expect(check("proof/logos", [{ company: "Acme", logo, link }])[0]).toMatch(
        /^Logo 1, Link: is refused: javascript:, vbscript:, data: and file: addresses are not allowed\.$/,
      );
    },
  );

  it("accepts a page of the site or a web address as a link, nothing else", () => {
    expect(
      check("proof/logos", [
        { company: "A", logo, link: "/products" },
        { company: "B", logo, link: "https://acme.example" },
      ]),
    ).toEqual([]);
    expect(check("proof/logos", [{ company: "A", logo, link: "acme.example" }])).toEqual([
      "Logo 1, Link: must be a page of the site (/contact) or a web address (https://…).",
    ]);
  });

  // Browsers read "/\\host" and "//host" as another site (a backslash is a slash in http URLs, and
  // tabs and newlines are dropped), so none of these is a page of the site.
  it.each([
    "/\\evil.example",
    "//evil.example",
    "/\\/evil.example",
    "/\t/evil.example",
    "/\u0000/evil.example",
    "/products\\..\\x",
    "/\u007f",
    "https://acme.example\\@evil.example",
    "https://acme.example/\u0001",
  ])("refuses the link %j", (link) => {
    expect(check("proof/logos", [{ company: "A", logo, link }])).toEqual([
      "Logo 1, Link: must be a page of the site (/contact) or a web address (https://…).",
    ]);
  });

  it("accepts site paths with a query or a fragment", () => {
    expect(check("proof/logos", [{ company: "A", logo, link: "/contact?topic=demo#form" }])).toEqual([]);
  });

  it("keeps pricing to two editions with prices as numbers, and a second price whole or absent", () => {
    const [enterprise, professional] = JSON.parse(readFileSync("content/pricing.json", "utf8")) as Record<
      string,
      string
    >[];
    expect(check("pricing", [enterprise])).toEqual(["There must be exactly 2 edition entries (there are 1)."]);
    expect(check("pricing", [{ ...enterprise, amount: "8,33" }, professional])).toEqual([
      "Edition 1, Price (USD): must be a number such as 999 or 8.33 (digits, and cents after a point).",
    ]);
    expect(check("pricing", [enterprise, { ...professional, packAmount: "99" }])).toEqual([
      "Edition 2, Second price is: is required when the other fields of the second price are filled.",
      "Edition 2, Second offer name: is required when the other fields of the second price are filled.",
    ]);
  });

  it("refuses what is not a list of entries of known fields", () => {
    expect(structuredProblems("proof/quotes", "{")[0]).toMatch(/^The text is not JSON: /);
    expect(check("proof/quotes", { quote })).toEqual(["The text must be a JSON list of quote entries."]);
    expect(check("proof/quotes", [{ ...quote, stars: "5" }])).toEqual([
      'Quote 1: "stars" is not a field of this content.',
    ]);
    expect(check("proof/quotes", [{ ...quote, person: 5 }])).toEqual(["Quote 1, Person: must be text."]);
    expect(check("faq/products", [])).toEqual(["There may be 1 to 30 question entries (there are 0)."]);
  });
});

describe("a page's head", () => {
  const head = (fields: Record<string, string>) =>
    JSON.stringify([{ title: "Products", description: "d".repeat(100), keywords: "pricing", image: "", ...fields }]);

  it("warns about a title over 60 characters and a description outside 70 to 160, and accepts them", () => {
    expect(structuredWarnings("head/products", head({}))).toEqual([]);
    const long = head({ title: "t".repeat(61), description: "d".repeat(69) });
    expect(structuredWarnings("head/products", long)).toEqual([
      "Title is 61 characters: search results show about 60.",
      "Description is 69 characters: 70 to 160 reads best in search results.",
    ]);
    expect(structuredProblems("head/products", long)).toEqual([]);
    expect(structuredWarnings("head/products", head({ description: "d".repeat(161) }))).toEqual([
      "Description is 161 characters: search results show about 160.",
    ]);
  });

  it("takes an uploaded image or an image of the site as the social image, nothing else", () => {
    expect(structuredProblems("head/home", head({ image: "/og-image.png" }))).toEqual([]);
    expect(structuredProblems("head/home", head({ image: "/assets/uploads/3f2a9c1b0d4e5f67-1200x630" }))).toEqual([]);
    expect(structuredProblems("head/home", head({ image: "https://cdn.example/x.png" }))).toEqual([
      "Social image must be an uploaded image's reference (/assets/uploads/…) or an image of the site such as /og-image.png.",
    ]);
  });
});
