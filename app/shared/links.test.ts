import { describe, expect, it } from "vitest";
import { mailtoHref, telHref } from "./links.ts";

describe("telHref", () => {
  it("keeps the plus and the digits, dropping spaces, dashes and brackets", () => {
    expect(telHref("+1 555 010 0199")).toBe("tel:+15550100199");
    expect(telHref("+1 (555) 010-0199")).toBe("tel:+15550100199");
  });
  it("leaves a local number without a plus", () => {
    expect(telHref("555 010 0199")).toBe("tel:5550100199");
  });
});

describe("mailtoHref", () => {
  it("prefixes mailto:", () => expect(mailtoHref("support@tallyway.example")).toBe("mailto:support@tallyway.example"));
});
