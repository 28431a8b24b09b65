// A lead's attribution columns as read back: rows stored before e-mail addresses and tokens were
// dropped from ref and utm_* (issue 29 point 7) must not show them in the console or the CSV.
import { describe, expect, it } from "vitest";
import { attributionOfRow } from "./attribution.ts";

describe("attributionOfRow", () => {
  it("reads the six columns as the first visit and this visit", () => {
    expect(
      attributionOfRow({
        first_source: "newsletter",
        first_campaign: "autumn",
        first_landing: "home",
        visit_source: "Google",
        visit_landing: "pricing",
      }),
    ).toEqual({
      first: { source: "newsletter", campaign: "autumn", landing: "home" },
      visit: { source: "Google", campaign: null, landing: "pricing" },
    });
  });

  it("leaves out a stored source or campaign that is an e-mail address or a token", () => {
    expect(
      attributionOfRow({
        first_source: "ann.lee@acme.example",
        first_campaign: "autumn",
        first_landing: "home",
        visit_source: "newsletter",
        visit_campaign: "d41d8cd98f00b204e9800998ecf8427e",
        visit_landing: "contact",
      }),
    ).toEqual({ first: null, visit: { source: "newsletter", campaign: null, landing: "contact" } });
  });
});
