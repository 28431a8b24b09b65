// Every page the server renders itself is valid HTML (the Nu validator, which needs Java: it
// fails naming it when missing) and escapes what a visitor typed.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "#common/site.ts";
import { validateHtml } from "../../tests/gates/nu-validator.ts";
import {
  confirmFromMailPage,
  confirmPage,
  contactSentPage,
  formErrorPage,
  formRefusedPage,
  invalidLinkPage,
  page,
  subscribedPage,
  subscribeSentPage,
  testUnsubscribePage,
  unsubscribedPage,
  unsubscribePage,
  type Page,
} from "./pages.ts";

const site = loadSiteConfig({});
const typed = {
  name: `"><script>alert(1)</script>`,
  email: "ann.example.com",
  details: "a\n</textarea><b>b</b>",
  subject: `"x"`,
};
const pages: Record<string, Page> = {
  invalidLink: invalidLinkPage(site),
  confirm: confirmPage(site, "1.abc"),
  confirmFromMail: confirmFromMailPage,
  subscribed: subscribedPage(site),
  unsubscribe: unsubscribePage("1.abc"),
  unsubscribed: unsubscribedPage(site),
  testUnsubscribe: testUnsubscribePage(site),
  contactSent: contactSentPage(site, "Thanks."),
  subscribeSent: subscribeSentPage(site, "Thanks."),
  refused: formRefusedPage(site, "newsletter", 403, "Not from here"),
  contactError: formErrorPage("contact", 400, "Please enter a valid email address", typed, {
    email: "Please enter a valid email address",
  }),
  newsletterError: formErrorPage("newsletter", 429, "Too many requests", {
    email: "bo@example.com",
    first_name: "<Bo>",
    list: "x",
  }),
};

describe("the server's own pages", () => {
  it("are valid HTML", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "server-pages-"));
    const files = Object.entries(pages).map(([name, { title, body, mark }]) => {
      const file = path.join(dir, `${name}.html`);
      writeFileSync(file, page(site, title, body, mark));
      return file;
    });
    const messages = await validateHtml(files);
    expect(messages.map((m) => `${path.basename(new URL(m.url).pathname)}:${m.lastLine} ${m.message}`)).toEqual([]);
  }, 60_000);

  it("escape what the visitor typed, in values and in the textarea", () => {
    const html = String(pages.contactError.body);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>b</b>");
    expect(html).toContain("a\n&lt;/textarea&gt;&lt;b&gt;b&lt;/b&gt;</textarea>");
    expect(String(pages.newsletterError.body)).toContain(`value="&lt;Bo&gt;"`);
  });
});
