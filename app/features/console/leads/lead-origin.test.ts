import { describe, expect, it } from "vitest";
import { originRows, touchSentence } from "./lead-origin.ts";

const newsletter = { source: "newsletter", medium: "email", campaign: "autumn", landingPath: "/features/billing" };
const direct = { source: "Direct", medium: null, campaign: null, landingPath: "/contact" };

describe("lead origin", () => {
  it("says a visit's source, medium, campaign and landing page in words", () => {
    expect(touchSentence(newsletter)).toBe(
      "From newsletter by email, campaign “autumn”, landing on /features/billing.",
    );
    expect(touchSentence(direct)).toBe("Came straight to the site, landing on /contact.");
    expect(touchSentence({ source: "Google", medium: null, campaign: null, landingPath: "/" })).toBe(
      "From Google, landing on /.",
    );
  });
  it("lists the first visit and, when it was another, the one that sent the form", () => {
    expect(originRows({ first: newsletter, visit: direct })).toEqual([
      { term: "First visit", text: "From newsletter by email, campaign “autumn”, landing on /features/billing." },
      { term: "Visit that sent the form", text: "Came straight to the site, landing on /contact." },
    ]);
    expect(originRows({ first: direct, visit: direct })).toEqual([
      { term: "First visit, and the form's", text: "Came straight to the site, landing on /contact." },
    ]);
    expect(originRows({ first: null, visit: null })[0].text).toMatch(/^None measured/);
  });
});
