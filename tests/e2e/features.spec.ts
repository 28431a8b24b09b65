/**
 * The illustrated feature pages, the products comparison and the copy fixes of issue 15:
 * a product screen on every feature page (and a thumbnail per card on /features) with real
 * alt text, the comparison table that compares, /blog and /media linked, the sibling app
 * linked from /about, one newsletter cadence, and no double full stop in any page.
 */
import type { Page } from "@playwright/test";
import { screenNames } from "#art/artworks.ts";
import { sitePaths } from "../../scripts/site-paths.ts";
import { expect, test } from "./fixtures.ts";

const paths = await sitePaths();
const main = (page: Page) => page.locator("main");

// The product screens each page shows, in order: its main one beside the intro, then any a section shows.
const featureScreens: [string, string[]][] = [
  ["/features/project", ["project-board", "resource-planning"]],
  ["/features/resource", ["resource-planning"]],
  ["/features/time-expense-items", ["timesheet", "expense-report"]],
  ["/features/time-expense-reports", ["expense-report", "timesheet"]],
  ["/features/billing", ["billing-run", "invoice"]],
  ["/features/time-off", ["time-off"]],
  ["/features/payroll-integration", ["payroll"]],
];
/** The product screens' images (not the claim drawings, named claim-…), in document order. */
const screenImages = screenNames.map((name) => `figure img[src*="/${name}-"]`).join(", ");

test.describe("feature pages show their product screens", () => {
  for (const [path, screens] of featureScreens) {
    test(`${path} shows ${screens.join(" and ")} with alt text, a reserved box and AVIF/WebP sources`, async ({
      page,
    }) => {
      await page.goto(path);
      const images = main(page).locator(screenImages);
      await expect(images).toHaveCount(screens.length);
      for (const [index, name] of screens.entries()) {
        const image = images.nth(index);
        await expect(image).toHaveAttribute("src", new RegExp(`/assets/img/${name}-[0-9a-f]{10}-1400\\.webp$`));
        expect((await image.getAttribute("alt"))!.length).toBeGreaterThan(40);
        await expect(image).toHaveAttribute("width", "1400");
        await expect(image).toHaveAttribute("height", "1050");
        await expect(image).toHaveAttribute("loading", index === 0 ? "eager" : "lazy");
        // AVIF and WebP of the whole screen, after AVIF and WebP of its detail for phones (below 640 px), and
        // for a screen beside a claim, of the detail again from 1024 px, where its column is 24rem.
        const sources = image.locator("xpath=preceding-sibling::source");
        const count = await sources.count();
        expect([4, 6]).toContain(count);
        await expect(sources.nth(0)).toHaveAttribute("media", "(max-width: 639px)");
        await expect(sources.nth(0)).toHaveAttribute("srcset", new RegExp(`/assets/img/${name}-detail-`));
        if (count === 6) {
          await expect(sources.nth(2)).toHaveAttribute("media", "(min-width: 1024px)");
          await expect(sources.nth(2)).toHaveAttribute("srcset", new RegExp(`/assets/img/${name}-detail-`));
        }
        await expect(sources.nth(count - 2)).not.toHaveAttribute("media", /./);
        await expect(sources.nth(count - 2)).toHaveAttribute("srcset", new RegExp(`/assets/img/${name}-[0-9a-f]{10}-`));
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
      }
    });
  }

  for (const [path] of featureScreens) {
    test(`${path}: each section (claim) has a picture of its own beside or under its text`, async ({ page }) => {
      await page.goto(path);
      const sections = main(page)
        .locator("section:has(h2)")
        // Not claims: the call to action, and the systems named in the console (integrations.spec.ts).
        .filter({ hasNot: page.locator("#feature-cta, #integrations-heading") });
      const count = await sections.count();
      expect(count).toBeGreaterThan(3);
      const sources = new Set<string>();
      for (const section of await sections.all()) {
        const image = section.locator("figure img");
        await expect(image).toHaveCount(1);
        expect((await image.getAttribute("alt"))!.length).toBeGreaterThan(40);
        await expect(image).toHaveAttribute("loading", "lazy");
        await expect(image).toHaveAttribute("width", "1400");
        await expect(image).toHaveAttribute("height", "1050");
        sources.add((await image.getAttribute("src"))!);
      }
      expect(sources.size, "no picture twice on a page").toBe(count);
    });
  }

  test("at 1440 × 900 a screen stays beside the text all the way down the longest page", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/features/time-expense-items");
    const text = main(page).locator(".prose").first();
    const box = (await text.boundingBox())!;
    for (let y = box.y; y < box.y + box.height - 900; y += 450) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      const inRightColumn = await main(page)
        .locator("figure")
        .evaluateAll((figures) =>
          figures.some((figure) => {
            const rect = figure.getBoundingClientRect();
            return rect.left > window.innerWidth / 2 && rect.bottom > 100 && rect.top < window.innerHeight - 100;
          }),
        );
      expect(inRightColumn, `a screen beside the text at scroll ${Math.round(y)}`).toBe(true);
    }
  });

  test("a phone's detail crop has a caption of its own, the whole screen its own", async ({ page }) => {
    const caption = () => main(page).locator("figure figcaption").first();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/features/billing");
    // innerText: what is shown (and read out), not the hidden other caption.
    await expect
      .poll(() => caption().innerText())
      .toBe("A billing run: each project's billing rule, the amount to invoice and the rate card.");
    await page.setViewportSize({ width: 390, height: 844 });
    // The picture the phone shows is the detail, and the caption says what the detail shows.
    await expect
      .poll(() =>
        main(page)
          .locator("figure img")
          .first()
          .evaluate((img: HTMLImageElement) => img.currentSrc),
      )
      .toMatch(/billing-run-detail-/);
    await expect.poll(() => caption().innerText()).toBe("The projects in this month's billing run, and their amounts.");
  });

  test("a screen beside a claim shows its detail in the column at 1440, with the detail's caption", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/features/billing");
    // The invoice sits beside "Only approved data gets billed": 24rem wide, too narrow for the whole screen's labels.
    const figure = main(page).locator("figure:has(img[src*='/invoice-'])");
    const image = figure.locator("img");
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/invoice-detail-/);
    await expect
      .poll(() => figure.locator("figcaption").innerText())
      .toBe("The invoice's lines from approved work, and its total.");
    await page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/invoice-[0-9a-f]{10}-/);
    await expect
      .poll(() => figure.locator("figcaption").innerText())
      .toBe("An invoice built from approved billable time and expenses.");
  });

  test("/features shows a card per feature with its screen as thumbnail", async ({ page }) => {
    await page.goto("/features");
    const cards = main(page)
      .getByRole("list", { name: "All features" })
      .getByRole("link")
      .filter({ has: page.locator("img") });
    await expect(cards).toHaveCount(featureScreens.length);
    for (const [index, [path, [name]]] of featureScreens.entries()) {
      const card = cards.nth(index);
      await expect(card).toHaveAttribute("href", path);
      const image = card.locator("img");
      await expect(image).toHaveAttribute("src", new RegExp(`/assets/img/${name}-`));
      expect((await image.getAttribute("alt"))!.length).toBeGreaterThan(40);
    }
  });
});

test("/products compares what differs between the editions, with a labelled first column, as wide as the price cards", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/products");
  const table = main(page).locator("table");
  const header = table.locator("thead th");
  await expect(header).toHaveText(["What differs", "Tallyway Time + Expense", "Tallyway TE Pro"]);
  const rows = table.locator("tbody tr");
  expect(await rows.count()).toBeGreaterThanOrEqual(3);
  for (const row of await rows.all()) {
    await expect(row.locator("th[scope=row]")).toHaveCount(1);
    const [enterprise, professional] = await row
      .locator("td")
      .evaluateAll((cells) => cells.map((cell) => (cell as HTMLElement).innerText.trim()));
    expect(enterprise, "each row shows a difference").not.toBe(professional);
  }
  await expect(main(page).getByRole("heading", { name: "Every plan includes" })).toBeVisible();
  const cards = (await main(page).getByRole("list", { name: "Apps and prices" }).boundingBox())!;
  const compared = (await table.boundingBox())!;
  expect(Math.abs(compared.width - cards.width)).toBeLessThanOrEqual(2);
  expect(Math.abs(compared.x - cards.x)).toBeLessThanOrEqual(2);
});

test("/media is linked from the footer of every page, and /blog not while it has no post", async ({ page }) => {
  await page.goto("/contact");
  const footer = page.getByRole("contentinfo");
  // The shared server has no post (tests/e2e/blog.spec.ts publishes on a server of its own and checks the link comes).
  await expect(footer.getByRole("link", { name: "Media", exact: true })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Blog", exact: true })).toHaveCount(0);
  await footer.getByRole("link", { name: "Media", exact: true }).click();
  await expect(page).toHaveURL("/media");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Media");
});

test("/about links the sibling app where it names it, in a new tab that it announces", async ({ page }) => {
  await page.goto("/about");
  const link = main(page).getByRole("link", { name: "Tallyway Track (opens in a new tab)" });
  await expect(link).toHaveAttribute("href", "https://track.tallyway.example");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener");
  await expect(main(page)).not.toContainText("link in the footer");
});

test("no page has a double full stop in its description or text, and the newsletter has one cadence", async ({
  request,
}) => {
  const doubleStop = /[^.]\.\.(?!\.)/;
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const descriptions = [
      ...html.matchAll(
        /<meta (?:name|property)="(?:description|og:description|twitter:description)" content="([^"]*)"/g,
      ),
    ].map((m) => m[1]);
    expect(descriptions.length, `${path} has a description`).toBeGreaterThan(0);
    for (const description of descriptions) expect(description, `${path} description`).not.toMatch(doubleStop);
    const body = html
      .slice(html.indexOf("<body"))
      .replace(/<script[\s\S]*?<\/script>/g, "")
      .replace(/<[^>]+>/g, "");
    expect(body, `${path} text`).not.toMatch(doubleStop);
    expect(body, `${path} newsletter cadence`).not.toMatch(/a few times a year/i);
  }
  for (const path of ["/", "/contact"]) expect(await (await request.get(path)).text()).toContain("about once a month");
});
