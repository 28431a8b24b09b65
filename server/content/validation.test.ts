import { describe, expect, it } from "vitest";
import { checkContent } from "./validation.ts";

describe("checkContent", () => {
  it.each([
    "[x](javascript:alert(1))",
    "[x](JavaScript:alert(1))",
    "[x]( javascript:alert(1) )",
    "[x](<javascript:alert(1)>)",
    "[x](jav&#97;script:alert(1))",
    "[x](java%73cript:alert(1))",
    "[x][ref]\n\n[ref]: javascript:alert(1)",
    "<javascript:alert(1)>",
    "![img](data:image/svg+xml;base64,PHN2Zz4=)",
    "[x](data:text/html,<script>alert(1)</script>)",
    "[x](vbscript:msgbox)",
    "[x](file:///etc/passwd)",
  ])("refuses %s with a message that says what to do", (body) => {
    expect(() => checkContent("about-home", body)).toThrow(/are not allowed in content\. Link to a page/);
  });

  it("accepts links to pages, web addresses, mail and phone", () => {
    expect(() => checkContent("about-home", "[a](/contact) [b](https://example.com/x) [c](mailto:a@b.example) [d](tel:+15550100199)")).not.toThrow();
  });

  it("refuses an unknown key and an empty text", () => {
    expect(() => checkContent("home-nothing", "text")).toThrow('Unknown content key "home-nothing"');
    expect(() => checkContent("about-home", "  \n")).toThrow("the text is empty");
  });
});
