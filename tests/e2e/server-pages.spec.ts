// The pages the server renders itself (server/leads/pages.ts): the result pages of the forms
// posted without JavaScript, the form again on an error, the newsletter's link pages. In a real
// browser: their own Content-Security-Policy lets their style apply (no console error), axe
// finds nothing at phone and desktop width, and the form again posts from its own page.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/** The console's note of the page's own status (an invalid link or form is a 400 page) is no error of the page. */
const pageErrors = (errors: string[]) =>
  errors.filter((text) => !/^Failed to load resource: .* 400 \(Bad Request\)$/.test(text));

/** Posts the contact form as a browser without JavaScript would, from a page of the server. */
async function postContact(page: Page, fields: Record<string, string>) {
  await page.goto("/contactUs/sent");
  await Promise.all([
    page.waitForURL("**/contactUs"),
    page.evaluate((values) => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/contactUs";
      for (const [name, value] of Object.entries(values)) {
        const input = document.createElement("textarea");
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    }, fields),
  ]);
}

const invalid = {
  name: "Ann Lee",
  email: "ann.example.com",
  details: "How much\nfor 20 users?",
  subject: "Pricing",
  type: "Lead",
};

for (const viewport of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
]) {
  test.describe(`server pages at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    for (const path of ["/contactUs/sent", "/mailingList/sent", "/mailingList/confirm?token=1.x"]) {
      test(`${path} is styled and has no WCAG 2.2 AA violations`, async ({ page, consoleErrors }) => {
        await page.goto(path);
        // The style sheet applied: the card has its white background and radius.
        await expect(page.locator(".card")).toHaveCSS("border-radius", "16px");
        const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
          [],
        );
        expect(pageErrors(consoleErrors)).toEqual([]);
      });
    }

    test("the form again after an error keeps the values, names the problem, and has no violations", async ({
      page,
      consoleErrors,
    }) => {
      await postContact(page, invalid);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Please check your question");
      await expect(page.getByRole("alert")).toHaveText("Please enter a valid email address");
      await expect(page.getByLabel("Email")).toHaveValue("ann.example.com");
      await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Please enter a valid email address");
      await expect(page.getByLabel("How can we help?")).toHaveValue("How much\nfor 20 users?");
      const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
        [],
      );
      expect(pageErrors(consoleErrors)).toEqual([]);

      // Corrected and sent again from this page.
      await page.getByLabel("Email").fill("ann@example.com");
      const post = page.waitForRequest((request) => request.method() === "POST");
      await Promise.all([page.waitForURL("**/contactUs/sent"), page.getByRole("button", { name: "Submit" }).click()]);
      // The page's Referrer-Policy (same-origin) leaves the browser's Origin real, for browsers without Sec-Fetch-Site.
      expect(await (await post).headerValue("origin")).toBe(new URL(page.url()).origin);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your question was sent");
    });
  });
}
