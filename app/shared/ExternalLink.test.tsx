import { describe, expect, it } from "vitest";
import { printedAddress } from "./ExternalLink.tsx";

describe("printedAddress", () => {
  it("prints host and path, without the scheme, query or trailing slash", () => {
    expect(printedAddress("https://schedule.tallyway.example/book?source=marketing+site&type=Lead&ui=page")).toBe(
      "schedule.tallyway.example/book",
    );
    expect(printedAddress("https://docs.tallyway.example/")).toBe("docs.tallyway.example");
    expect(printedAddress("https://docs.tallyway.example/install/")).toBe("docs.tallyway.example/install");
    expect(printedAddress("mailto:sales@tallyway.example")).toBe("sales@tallyway.example");
    expect(printedAddress("not a url")).toBe("not a url");
  });
});
