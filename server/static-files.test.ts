import { describe, expect, it } from "vitest";
import { pageTitleOf } from "./console/usage.ts";
import { titleIn } from "./static-files.ts";

describe("a page's title as Usage names it", () => {
  it("reads the first <title> with the entities React writes, and leaves a page without one untitled", () => {
    expect(titleIn("<head><title>Time &amp; Expense &lt;Beta&gt; | Tallyway</title><title>x</title>")).toBe(
      "Time & Expense <Beta> | Tallyway",
    );
    expect(titleIn("<title>&quot;Quoted&quot; &#x27;a&#x27; &#39;b&#39;</title>")).toBe(`"Quoted" 'a' 'b'`);
    expect(titleIn("<p>No head</p>")).toBeUndefined();
  });

  it("leaves the brand off, and calls the page titled by the brand alone Home", () => {
    expect(pageTitleOf("Billing | Tallyway", "Tallyway")).toBe("Billing");
    expect(pageTitleOf("Tallyway", "Tallyway")).toBe("Home");
    expect(pageTitleOf("A | B | Tallyway", "Tallyway")).toBe("A | B");
    expect(pageTitleOf("Billing | Other", "Tallyway")).toBe("Billing | Other");
  });
});
