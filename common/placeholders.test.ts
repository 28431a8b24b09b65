import { describe, expect, it } from "vitest";
import { isKnownPlaceholder, unknownPlaceholders } from "./placeholders.ts";
import { loadSiteConfig } from "./site.ts";

describe("content placeholders", () => {
  it("knows every site setting and {{phoneHref}}, and nothing an object inherits", () => {
    for (const name of Object.keys(loadSiteConfig())) expect(isKnownPlaceholder(name)).toBe(true);
    expect(isKnownPlaceholder("phoneHref")).toBe(true);
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "nope"])
      expect(isKnownPlaceholder(name)).toBe(false);
  });

  it("names each unknown one with its line", () => {
    const text =
      "# {{ productName }}\n\nCall [{{phone}}]({{phoneHref}}).\nhello {{nope}} and {{constructor}}\n{{__proto__}}";
    expect(unknownPlaceholders(text)).toEqual([
      { name: "nope", line: 4, text: "Unknown placeholder {{nope}} on line 4." },
      { name: "constructor", line: 4, text: "Unknown placeholder {{constructor}} on line 4." },
      { name: "__proto__", line: 5, text: "Unknown placeholder {{__proto__}} on line 5." },
    ]);
  });

  it("leaves other text in double braces alone: it is shown as written", () => {
    expect(unknownPlaceholders("{{#each items}} {{ }} {{a.b}} {{}} { {brand} }")).toEqual([]);
  });
});
