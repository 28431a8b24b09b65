import { describe, expect, it } from "vitest";
import * as v from "valibot";
import {
  cleanCampaignValue,
  cleanLandingSource,
  isPersonalOrToken,
  landingSource,
  referrerHost,
} from "./attribution.ts";
import { batchSchema } from "./measurement.ts";

const own = "www.tallyway.example";

describe("referrerHost", () => {
  it("keeps only the host of another site: no path, no query, no port, lower case", () => {
    expect(referrerHost("https://www.Google.com/search?q=time+tracking", own)).toBe("www.google.com");
    expect(referrerHost("http://partner.example:8080/blog/post?id=4#x", own)).toBe("partner.example");
  });

  it("gives none for the site itself, an empty referrer, or one that is not a web page", () => {
    expect(referrerHost("https://www.tallyway.example/features", own)).toBeUndefined();
    expect(referrerHost("http://localhost:4186/", "localhost:4186")).toBeUndefined();
    expect(referrerHost("", own)).toBeUndefined();
    expect(referrerHost("android-app://com.google.android.gm/", own)).toBeUndefined();
    expect(referrerHost("file:///C:/x.html", own)).toBeUndefined();
  });
});

describe("landingSource", () => {
  it("reads the referrer host and every campaign parameter of the landing URL", () => {
    expect(
      landingSource(
        "https://www.tallyway.example/?utm_source=newsletter&utm_medium=email&utm_campaign=autumn&utm_term=timesheets&utm_content=top&ref=partner&x=1",
        "https://mail.example.com/inbox/123",
        own,
      ),
    ).toEqual({
      referrer: "mail.example.com",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "autumn",
      utm_term: "timesheets",
      utm_content: "top",
      ref: "partner",
    });
  });

  it("is empty for a direct visit, and drops empty parameters", () => {
    expect(landingSource("https://www.tallyway.example/features?utm_source=&utm_campaign=%20", "", own)).toEqual({});
  });

  it("strips control and format characters and cuts long values", () => {
    const source = landingSource(
      `https://www.tallyway.example/?utm_campaign=a%1B%5B31mb%E2%80%AEc%0Ad&utm_term=${"abcdef%20".repeat(80)}`,
      "",
      own,
    );
    expect(source.utm_campaign).toBe("a[31mbc d");
    expect(source.utm_term).toHaveLength(100);
    expect(cleanCampaignValue("  spring \t sale  ")).toBe("spring sale");
  });
});

describe("personal data and tokens in campaign values (issue 29 point 7)", () => {
  const token32 = "d41d8cd98f00b204e9800998ecf8427e";
  const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";

  it.each([
    ["an e-mail address", "ann.lee@acme.example"],
    ["an e-mail address inside text", "newsletter for Ann.Lee+crm@Acme.co.uk today"],
    ["a still %-encoded e-mail address", "ann%40acme.example"],
    ["a hex token", token32],
    ["a base64 token", "q83vEjRWeJq8/+7/AAECAwQFBgcICQoLDA0ODw=="],
    ["a base64url token", "aB3x_kP9Qz-LmN0pRs7TuV_wXyZ12345"],
    ["a JWT", jwt],
    ["a long lower-case key", "kqzvtwxbnmlpoiuytrewqasdfghjklzx"],
  ])("treats %s as personal", (_what, value) => {
    expect(isPersonalOrToken(value)).toBe(true);
  });

  it.each([
    ["a source", "newsletter"],
    ["a campaign slug", "spring-sale-2024-timesheets-for-salesforce"],
    ["a campaign in words", "Spring Sale 2024: time tracking for Salesforce admins"],
    ["a capitalised slug", "SPRING_SALE_2024_Timesheets_For_SF"],
    ["a short id", "cmp-4711"],
    ["an at sign without an address", "@tallyway"],
  ])("keeps %s", (_what, value) => {
    expect(isPersonalOrToken(value)).toBe(false);
  });

  it("drops such values of ref and utm_* at landing, keeping the others", () => {
    const href = `https://www.tallyway.example/?utm_source=newsletter&utm_campaign=autumn&utm_content=ann%40acme.example&utm_term=${token32}&ref=bo@example.com`;
    expect(landingSource(href, "", own)).toEqual({ utm_source: "newsletter", utm_campaign: "autumn" });
  });

  it("looks at the whole value, not only what is kept of it", () => {
    const href = `https://www.tallyway.example/?utm_campaign=${"a".repeat(95)}%20ann@acme.example`;
    expect(landingSource(href, "", own)).toEqual({});
  });

  it("drops them on the server too, whatever the browser sent", () => {
    expect(
      cleanLandingSource({ referrer: "example.com", utm_source: "ann@acme.example", ref: jwt, utm_medium: "email" }),
    ).toEqual({
      referrer: "example.com",
      utm_medium: "email",
    });
  });
});

describe("the collector's page view source", () => {
  const uid = "0b6c1a52-7f0e-4c39-9d2e-4d8f3b0f1e2a";
  const parse = (source: unknown) =>
    v.safeParse(batchSchema, { events: [{ type: "pageview", uid, page: "home", source }] });

  it("is cleaned on the server as in the browser: control characters stripped, bad hosts dropped", () => {
    const result = parse({
      referrer: "Example.COM",
      utm_campaign: "autumn\u0007",
      utm_source: "\u202e",
      ref: 5 as unknown as string,
    });
    expect(result.success).toBe(false); // a number is not a string
    const ok = parse({ referrer: "not a host/path", utm_campaign: "autumn\u0007", utm_source: "\u202e" });
    expect(ok.success).toBe(true);
    expect(ok.output).toEqual({
      events: [{ type: "pageview", uid, page: "home", source: { utm_campaign: "autumn" } }],
    });
    expect(parse({ referrer: "Example.COM" }).output).toMatchObject({
      events: [{ source: { referrer: "example.com" } }],
    });
  });

  it("drops e-mail addresses and tokens before they are stored", () => {
    const ok = parse({ utm_source: "partner", ref: "ann@acme.example", utm_term: "d41d8cd98f00b204e9800998ecf8427e" });
    expect(ok.output).toEqual({ events: [{ type: "pageview", uid, page: "home", source: { utm_source: "partner" } }] });
  });

  it("refuses values far over the limits", () => {
    expect(parse({ utm_term: "x".repeat(401) }).success).toBe(false);
    expect(parse({ referrer: `${"a".repeat(254)}` }).success).toBe(false);
  });
});
