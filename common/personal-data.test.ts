// Issue 39 point 6: e-mail addresses and phone numbers in ref and utm_* values, however they are
// spelled, never reach a report; ordinary campaign values stay. Generated spellings (fast-check)
// go through the one check every path uses (isPersonalOrToken: the browser at landing, the
// collector, the leads' attribution and the console's facets).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanLandingSource, isPersonalOrToken, landingSource } from "./attribution.ts";
import { plainForm } from "./personal-data.ts";

const own = "www.tallyway.example";

const lowerWord = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);
const localPart = fc
  .tuple(lowerWord, fc.array(fc.tuple(fc.constantFrom(".", "_", "-"), lowerWord), { maxLength: 2 }))
  .chain(([first, rest]) =>
    fc
      .option(lowerWord, { nil: undefined })
      .map((tag) => `${first}${rest.map(([sep, word]) => sep + word).join("")}${tag ? `+${tag}` : ""}`),
  );
const domainLabels = fc.tuple(
  fc.array(fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/), { minLength: 1, maxLength: 2 }),
  fc.stringMatching(/^[a-z]{2,6}$/),
);

/** How mailing tools, templates and people write "@". */
const atSign = fc.constantFrom(
  "@",
  "%40",
  "%2540",
  "%252540",
  "&#64;",
  "&#064;",
  "&#x40;",
  "&#X40;",
  "&commat;",
  "&amp;#64;",
  "&amp;commat;",
  "%26%2364%3B",
  "%26commat%3B",
  "\uFF20", // full-width ＠
  "\uFE6B", // small ﹫
  "&#65312;",
  "%EF%BC%A0",
  " @ ",
  "  @",
  "(at)",
  " (at) ",
  "[at]",
  " [AT] ",
  "{at}",
  "<at>",
  " at ",
  " AT ",
);
/** How they write the dots of the domain. */
const dot = fc.constantFrom(
  ".",
  "%2E",
  "%252E",
  "&#46;",
  "&period;",
  "\uFF0E", // full-width ．
  "\uFE52", // small ﹒
  "\u3002", // ideographic 。
  " . ",
  " (dot) ",
  "[dot]",
  " dot ",
);
/** Letters and digits in their full-width forms (NFKC folds them back). */
const fullWidth = (text: string) =>
  text.replace(/[A-Za-z0-9]/g, (c) => String.fromCodePoint(c.codePointAt(0)! - 0x21 + 0xff01));
const caseOf = fc.constantFrom(
  (text: string) => text,
  (text: string) => text.toUpperCase(),
  (text: string) => text.replace(/^./, (c) => c.toUpperCase()),
);
/** Around the address: nothing, or campaign words. */
const surrounding = fc.tuple(
  fc.constantFrom("", "newsletter for ", "ref:", "to=", "Ann "),
  fc.constantFrom("", " today", "-spring", "?x=1"),
);
/** The whole value as the landing URL may carry it: as is, or %-encoded once or twice more. */
const encoded = fc.constantFrom(
  (text: string) => text,
  (text: string) => encodeURIComponent(text),
  (text: string) => encodeURIComponent(encodeURIComponent(text)),
);

const emailSpelling = fc
  .record({
    local: localPart,
    domain: domainLabels,
    at: atSign,
    dot,
    letters: caseOf,
    wide: fc.boolean(),
    around: surrounding,
    encode: encoded,
  })
  .map(({ local, domain: [labels, tld], at, dot, letters, wide, around: [before, after], encode }) => {
    const shape = (text: string) => letters(wide ? fullWidth(text) : text);
    const address = `${shape(local)}${at}${[...labels, tld].map(shape).join(dot)}`;
    return encode(`${before}${address}${after}`);
  });

const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
const separator = fc.constantFrom(" ", "-", ".", "/", "%20", "&#32;", "\u00A0", "\u2011", "\uFF0D", "");
/** A national number cut into groups as people write them: "555 0100 4477", "(030) 1234-5678". */
const groups = (number: string, cuts: number[], sep: string, parens: boolean) => {
  const parts: string[] = [];
  let rest = number;
  for (const cut of cuts) {
    if (rest.length <= cut) break;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  parts.push(rest);
  if (parens && parts.length > 1) parts[0] = `(${parts[0]})`;
  return parts.join(sep);
};
const phoneSpelling = fc
  .record({
    international: fc.boolean(),
    plus: fc.constantFrom("+", "%2B", "%252B", "&#43;", "&plus;", "\uFF0B", "00", " "),
    country: digits(1, 3),
    // With the country code, 9 digits or more (the shortest E.164 numbers in use are rare).
    national: digits(8, 11),
    cuts: fc.array(fc.integer({ min: 2, max: 4 }), { maxLength: 4 }),
    sep: separator,
    parens: fc.boolean(),
    wide: fc.boolean(),
    around: fc.tuple(fc.constantFrom("", "call ", "tel:", "whatsapp-"), fc.constantFrom("", " now", "-sms")),
    encode: encoded,
  })
  .map(({ international, plus, country, national, cuts, sep, parens, wide, around: [before, after], encode }) => {
    // A national number alone is written with its trunk 0.
    const number = international
      ? `${plus}${country}${sep || " "}${groups(national, cuts, sep, parens)}`
      : groups(`0${national}`, cuts, sep, parens);
    return encode(`${before}${wide ? fullWidth(number) : number}${after}`);
  });

/** Campaign values as they are written: words, slugs with a year, sources, mediums. */
const campaignValue = fc.oneof(
  fc.constantFrom(
    "spring-2026",
    "google",
    "cpc",
    "Google (paid)",
    "newsletter",
    "email",
    "partner",
    "linkedin",
    "spring-sale-2024-timesheets-for-salesforce",
    "Spring Sale 2024: time tracking for Salesforce admins",
    "SPRING_SALE_2024_Timesheets_For_SF",
    "cmp-4711",
    "@tallyway",
    "2026-03-09",
    "webinar 2026-03-09 14:00",
    "q1-2026",
    "Black Friday 50% off",
    "AT&T",
    "v2.3",
    "meet us at the booth",
    "summer (at home)",
    "Tallyway – time & expense",
    "top 10",
    "ad-123456",
    "20% off until 2026-03-31",
  ),
  fc
    .tuple(
      fc.array(fc.stringMatching(/^[a-z]{2,10}$/), { minLength: 1, maxLength: 4 }),
      fc.option(fc.integer({ min: 2000, max: 2099 }), { nil: undefined }),
      fc.constantFrom("-", "_", " "),
    )
    .map(([words, year, sep]) => [...words, ...(year ? [String(year)] : [])].join(sep)),
);

describe("personal data in campaign values, however spelled (issue 39 point 6)", () => {
  it("finds every generated spelling of an e-mail address", () => {
    fc.assert(
      fc.property(emailSpelling, (value) => isPersonalOrToken(value)),
      { numRuns: 2000 },
    );
  });

  it("finds every generated spelling of a phone number", () => {
    fc.assert(
      fc.property(phoneSpelling, (value) => isPersonalOrToken(value)),
      { numRuns: 2000 },
    );
  });

  it("keeps ordinary campaign values", () => {
    fc.assert(
      fc.property(campaignValue, (value) => !isPersonalOrToken(value)),
      { numRuns: 500 },
    );
  });

  it("drops the attack's spellings at landing and on the server, and keeps the campaign beside them", () => {
    const spellings = [
      "ann%2540acme.example",
      "ann&#64;acme.example",
      "ann&commat;acme.example",
      "ann\uFF20acme.example",
      "ann\uFE6Bacme.example",
      "ann@acme\uFF0Eexample",
      "ann @ acme.example",
      "ann (at) acme.example",
      // A domain label that is itself the word (found by the property above with seed -260776115).
      "a@0 dot at dot aa",
      "a at dot dot example",
      "a@a . at today",
      "+1 555 0100 4477",
    ];
    for (const value of spellings) {
      const href = `https://${own}/?utm_campaign=spring-2026&ref=${encodeURIComponent(value)}`;
      expect(landingSource(href, "", own), value).toEqual({ utm_campaign: "spring-2026" });
      expect(cleanLandingSource({ utm_source: "Google (paid)", utm_content: value }), value).toEqual({
        utm_source: "Google (paid)",
      });
    }
  });
});

describe("plainForm", () => {
  it("decodes %-escapes until nothing changes, then HTML references, named and numeric", () => {
    expect(plainForm("a%252540b")).toBe("a@b");
    expect(plainForm("a&amp;#x40;b&period;c")).toBe("a@b.c");
    expect(plainForm("50%25 off")).toBe("50% off");
  });

  it("folds full-width and small forms (NFKC), keeps what is not an escape, and drops invisible characters", () => {
    expect(plainForm("\uFF41\uFF4E\uFF4E\uFE6B\uFF41\u3002io")).toBe("ann@a.io");
    expect(plainForm("100% & more &unknown; %zz")).toBe("100% & more &unknown; %zz");
    expect(plainForm("a\u200B@\u00A0b")).toBe("a@ b");
  });
});
