/**
 * What issue 22 asks of a site that sells: the brand font loaded and used, the section's header band,
 * pricing a buyer understands with its FAQ and FAQPage data, one call-to-action vocabulary that opens
 * the scheduler with its type, the /about widget, the print stylesheet and no route wider than 320 px.
 */

import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

test.describe("brand type", () => {
  test("Inter is loaded from our origin and used by headings and body text", async ({ page, baseURL }) => {
    const fontRequests: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fontRequests.push(request.url());
    });
    await page.goto("/products");
    await page.evaluate(() => document.fonts.ready);
    const state = await page.evaluate(() => ({
      loaded: [...document.fonts].filter((face) => face.family.replace(/"/g, "") === "Inter" && face.status === "loaded").length,
      check: document.fonts.check('16px "Inter"'),
      heading: getComputedStyle(document.querySelector("h1")!).fontFamily,
      body: getComputedStyle(document.querySelector("main p")!).fontFamily,
      preload: document.querySelector('link[rel="preload"][as="font"]')?.getAttribute("href"),
    }));
    expect(state.loaded).toBe(1);
    expect(state.check).toBe(true);
    for (const family of [state.heading, state.body]) expect(family).toMatch(/^"?Inter"?, "Inter Fallback"/);
    expect(state.preload).toMatch(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
    // Preloaded and used: one download, from our own origin.
    expect(fontRequests).toEqual([new URL(state.preload!, baseURL).href]);
  });

  test("each part of the site has its own header band", async ({ page }) => {
    const bandOf = async (path: string) => {
      await page.goto(path);
      return page.locator(".page-band").evaluate((band) => getComputedStyle(band).backgroundColor);
    };
    const [product, demos, company] = [await bandOf("/features/billing"), await bandOf("/demo-classic"), await bandOf("/about")];
    expect(new Set([product, demos, company]).size).toBe(3);
    expect(await bandOf("/products")).toBe(product);
    expect(await bandOf("/demo")).toBe(demos);
    expect(await bandOf("/privacy")).toBe(company);
  });
});

const main = (page: Page) => page.locator("main");
const normalized = (text: string) => text.replace(/\s+/g, " ");

test.describe("pricing a buyer understands", () => {
  test("/products states each price once, in one form, with what it covers", async ({ page }) => {
    await page.goto("/products");
    const text = normalized(await main(page).innerText());
    expect(text.match(/8\.33/g)).toHaveLength(1);
    // Two different prices that happen to share the amount: the Enterprise 10-user pack and the Professional year.
    expect(text.match(/999/g)).toHaveLength(2);
    expect(text.match(/USD 999 a year for a pack of 10 users/g)).toHaveLength(1);
    const pro = main(page).getByRole("group", { name: "Price of Tallyway TE Pro" });
    await expect(pro).toContainText("per year");
    await expect(pro).toContainText("no per-user fee");
    await expect(main(page).getByRole("group", { name: "Price of Tallyway Time + Expense" })).toContainText("Each user");
  });

  test("each plan offers the marketplace listing beside Schedule Demo", async ({ page }) => {
    await page.goto("/products");
    for (const plan of await main(page).getByRole("list", { name: "Apps and prices" }).locator(":scope > li").all()) {
      await expect(plan.getByRole("link", { name: /^Schedule Demo/ })).toHaveAttribute("href", /type=demo/);
      await expect(plan.getByRole("link", { name: /^View marketplace listing/ })).toHaveAttribute(
        "href",
        "https://marketplace.tallyway.example/listing/tallyway",
      );
    }
  });

  test("the FAQ has six to eight questions, the same ones as its FAQPage JSON-LD", async ({ page }) => {
    await page.goto("/products");
    const faq = main(page).getByRole("region", { name: "Questions buyers ask" });
    const questions = faq.locator("details summary");
    const asked = (await questions.allInnerTexts()).map((q) => q.trim());
    expect(asked.length).toBeGreaterThanOrEqual(6);
    expect(asked.length).toBeLessThanOrEqual(8);
    for (const topic of [/try it/, /installation/, /support cover/, /data live/, /billing/, /development work cost/])
      expect(
        asked.some((q) => topic.test(q)),
        String(topic),
      ).toBe(true);

    const graphs = await page.locator('head script[type="application/ld+json"]').allTextContents();
    const nodes = graphs.flatMap((text) => (JSON.parse(text) as { "@graph": { "@type": string }[] })["@graph"]);
    const faqPage = nodes.find((node) => node["@type"] === "FAQPage") as unknown as {
      mainEntity: { "@type": string; name: string; acceptedAnswer: { "@type": string; text: string } }[];
    };
    expect(faqPage.mainEntity.map((q) => q.name)).toEqual(asked);
    for (const entry of faqPage.mainEntity) {
      expect(entry["@type"]).toBe("Question");
      expect(entry.acceptedAnswer["@type"]).toBe("Answer");
      expect(entry.acceptedAnswer.text.length).toBeGreaterThan(40);
    }
    // The answer on the page is the answer in the data.
    await questions.filter({ hasText: "Where does our data live?" }).click();
    const answer = faq.locator("details[open]").locator(".prose");
    await expect(answer).toBeVisible();
    await expect(answer).toContainText("never leave it");
    const data = faqPage.mainEntity.find((q) => q.name === "Where does our data live?")!.acceptedAnswer.text;
    expect(normalized(data.replace(/<[^>]+>/g, "")).trim()).toBe(normalized(await answer.innerText()).trim());
  });

  test("at 390 px the comparison reads as stacked rows, each value labelled with its app", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/products");
    const row = main(page).locator("table tbody tr").first();
    const [topic, enterprise, professional] = await Promise.all(
      [row.locator("th"), row.locator("td").nth(0), row.locator("td").nth(1)].map((cell) => cell.boundingBox()),
    );
    expect(enterprise!.y).toBeGreaterThanOrEqual(topic!.y + topic!.height - 1);
    expect(professional!.y).toBeGreaterThanOrEqual(enterprise!.y + enterprise!.height - 1);
    expect(enterprise!.width).toBeGreaterThan(300);
    await expect(row.locator("td").nth(0)).toContainText("Tallyway Time + Expense");
    await expect(row.locator("td").nth(1)).toContainText("Tallyway TE Pro");
  });
});
