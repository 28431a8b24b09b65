/**
 * Print (issue 43, point 9): no controls on paper, no address over a picture or split inside a word, the
 * company's e-mail and phone on every sheet (the last included), and no sheet left almost empty. The page is checked in
 * print media and then printed by Chromium to a PDF (Letter and A4), whose sheets tests/e2e/pdf-pages.ts reads.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { printedSheets } from "./pdf-pages.ts";

const salesEmail = "sales@tallyway.example";
const phone = "+1 555 010 0199";
/** app/app.css's `@page` margin (18 mm top and bottom), in points. */
const marginPt = (18 / 25.4) * 72;

// The home page (carousel, video, marketplace band), the prices (cards with two addresses each) and a feature page.
const paths = ["/", "/products", "/features/billing"];

/** Controls on screen: buttons, the carousel's, a video's play face, forms (the calculator's field prints its number). */
const controls =
  'main button, main [role="button"], main .carousel-control, main [aria-label="Choose a slide"], ' +
  "main figure[data-video-status] > div > a, main form, main textarea";

/** As the browser does before it prints: every lazy picture fetched. */
async function loadPictures(page: Page) {
  await page.evaluate(() => document.querySelectorAll("img").forEach((img) => (img.loading = "eager")));
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
}

/** The addresses the page prints, once per link that prints it: a link's short or full address, an e-mail's text. */
const printedAddresses = (page: Page) =>
  page
    .locator("main")
    .evaluate((main) =>
      [...main.querySelectorAll<HTMLAnchorElement>('a[href^="http"], a[href^="mailto:"]')]
        .filter((a) => a.getClientRects().length > 0)
        .map((a) =>
          a.href.startsWith("mailto:") ? a.textContent!.trim() : `(${a.dataset.printHref ?? a.getAttribute("href")})`,
        ),
    );

for (const path of paths) {
  test.describe(`${path} on paper`, () => {
    test("shows no control, and no address over a picture", async ({ page }) => {
      await page.goto(path);
      const onScreen = await page.locator(controls).count();
      await page.emulateMedia({ media: "print" });
      const shown = await page
        .locator(controls)
        .evaluateAll((elements) =>
          elements.filter((e) => e.getClientRects().length > 0).map((e) => e.outerHTML.slice(0, 80)),
        );
      expect(shown).toEqual([]);
      if (path === "/") {
        // The carousel's pause, dots and arrows and the video's play face were there to hide.
        expect(onScreen).toBeGreaterThanOrEqual(8);
        await expect(page.locator("main figure[data-video-status] figcaption")).toBeVisible();
      }
    });

    test("breaks no address inside a word", async ({ page }) => {
      await page.goto(path);
      await page.emulateMedia({ media: "print" });
      const styles = await page
        .locator("main")
        .evaluate((main) =>
          [...main.querySelectorAll('a[href^="http"], a[href^="mailto:"]')].flatMap((a) =>
            [getComputedStyle(a), getComputedStyle(a, "::after")].map((s) => `${s.wordBreak} ${s.overflowWrap}`),
          ),
        );
      expect(styles.length).toBeGreaterThan(0);
      for (const style of styles) expect(style).not.toMatch(/break-all|anywhere/);
    });

    for (const format of ["Letter", "A4"] as const) {
      test(`prints on ${format} with every address whole, no sheet almost empty, the contact line on each`, async ({
        page,
      }) => {
        await page.goto(path);
        await loadPictures(page);
        await page.emulateMedia({ media: "print" });
        const addresses = await printedAddresses(page);
        const sheets = await printedSheets(await page.pdf({ format }), marginPt);
        const text = sheets.map((sheet) => sheet.lines.map((line) => line.replace(/\s/g, "")));

        // Each address on one line: found whole as often as links print it.
        expect(addresses.length).toBeGreaterThan(0);
        for (const address of new Set(addresses)) {
          const whole = text.flat().reduce((n, line) => n + line.split(address.replace(/\s/g, "")).length - 1, 0);
          expect(whole, address).toBeGreaterThanOrEqual(addresses.filter((a) => a === address).length);
        }

        // Every sheet but the last carries content at least part way down; the last, more than a stray line or two.
        const filled = sheets.map((sheet) => Math.round(sheet.filled * 100));
        for (const fill of filled.slice(0, -1))
          expect(fill, `how far down each sheet its content reaches: ${filled.join(", ")} %`).toBeGreaterThanOrEqual(
            45,
          );
        expect(sheets.at(-1)!.lines.length, sheets.at(-1)!.lines.join("\n")).toBeGreaterThanOrEqual(4);

        // The company's contact line and the sheet's number in the bottom margin of every sheet, the last included.
        for (const [index, sheet] of sheets.entries()) {
          const footer = sheet.margins.join(" ");
          expect(footer).toContain(`${salesEmail} · ${phone}`);
          expect(footer).toContain(`${index + 1} / ${sheets.length}`);
        }
      });
    }
  });
}
