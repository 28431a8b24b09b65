/**
 * What issue 22 asks of a site that sells: the brand font loaded and used, the section's header band,
 * pricing a buyer understands with its FAQ and FAQPage data, one call-to-action vocabulary that opens
 * the scheduler with its type, the /about widget, the print stylesheet and no route wider than 320 px.
 */

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
