import { describe, expect, it } from "vitest";
import { knownSite, sourceOf } from "./sources.ts";

describe("knownSite", () => {
  it("groups search engines and social sites, whatever the country domain or subdomain", () => {
    for (const host of ["www.google.com", "google.de", "www.google.co.uk", "news.google.com.au"])
      expect(knownSite(host)?.name, host).toBe("Google");
    expect(knownSite("www.bing.com")).toEqual({ name: "Bing", kind: "search" });
    expect(knownSite("duckduckgo.com")?.name).toBe("DuckDuckGo");
    expect(knownSite("l.facebook.com")).toEqual({ name: "Facebook", kind: "social" });
    expect(knownSite("t.co")?.name).toBe("X (Twitter)");
    expect(knownSite("www.linkedin.com")?.name).toBe("LinkedIn");
    expect(knownSite("news.ycombinator.com")?.name).toBe("Hacker News");
    // Forums and news sites as such, not as social networks or a search (#44 point 2).
    expect(knownSite("news.ycombinator.com")?.kind).toBe("forum");
    expect(knownSite("old.reddit.com")).toEqual({ name: "Reddit", kind: "forum" });
    expect(knownSite("serverfault.stackexchange.com")).toEqual({ name: "Stack Overflow", kind: "forum" });
    expect(knownSite("news.google.com")).toEqual({ name: "Google News", kind: "news" });
    expect(knownSite("www.google.com")).toEqual({ name: "Google", kind: "search" });
    expect(knownSite("flipboard.com")).toEqual({ name: "Flipboard", kind: "news" });
    // A campaign tagged utm_source=news keeps meaning Hacker News, as before Google News was known.
    expect(sourceOf({ utm_source: "news", utm_campaign: "launch" }).source).toBe("Hacker News");
  });

  it("leaves other hosts alone, also ones that only contain a known name", () => {
    expect(knownSite("partner.example")).toBeUndefined();
    expect(knownSite("notgoogle.com")).toBeUndefined();
    expect(knownSite("google.evil.example")).toBeUndefined();
    expect(knownSite("myt.co.example")).toBeUndefined();
  });
});

describe("sourceOf", () => {
  it("takes the campaign's utm_source first, by its readable name when it names a known site", () => {
    expect(
      sourceOf({ utm_source: "newsletter", utm_medium: "email", utm_campaign: "autumn", referrer: "mail.example" }),
    ).toEqual({
      source: "newsletter",
      kind: "campaign",
      medium: "email",
      campaign: "autumn",
    });
    expect(sourceOf({ utm_source: "linkedin", utm_campaign: "spring" }).source).toBe("LinkedIn");
    expect(sourceOf({ utm_source: "Google" }).source).toBe("Google");
    expect(sourceOf({ ref: "producthunt" })).toMatchObject({ source: "producthunt", kind: "campaign", campaign: null });
  });

  it("else the referring site: known ones by name, others by host without www", () => {
    expect(sourceOf({ referrer: "www.google.de" })).toEqual({
      source: "Google",
      kind: "search",
      medium: null,
      campaign: null,
    });
    expect(sourceOf({ referrer: "www.partner.example" })).toEqual({
      source: "partner.example",
      kind: "referral",
      medium: null,
      campaign: null,
    });
  });

  it("else direct", () => {
    expect(sourceOf(null)).toEqual({ source: "Direct", kind: "direct", medium: null, campaign: null });
    expect(sourceOf({})).toMatchObject({ source: "Direct", kind: "direct" });
    expect(sourceOf({ utm_campaign: "untagged" })).toMatchObject({
      source: "Direct",
      kind: "campaign",
      campaign: "untagged",
    });
  });

  it("keeps paid search and ads (utm_medium cpc, ppc, paid) apart from the same site unpaid", () => {
    expect(sourceOf({ utm_source: "google", utm_medium: "cpc", utm_campaign: "brand" })).toEqual({
      source: "Google (paid)",
      kind: "paid",
      medium: "cpc",
      campaign: "brand",
    });
    expect(sourceOf({ referrer: "www.bing.com", utm_medium: "PPC" })).toMatchObject({
      source: "Bing (paid)",
      kind: "paid",
    });
    expect(sourceOf({ referrer: "www.google.com" })).toMatchObject({ source: "Google", kind: "search" });
    expect(sourceOf({ utm_medium: "cpc" })).toMatchObject({ source: "Direct", kind: "direct" });
  });
});
