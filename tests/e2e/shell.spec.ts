import { sitePaths } from "../../scripts/site-paths.ts";
import { expect, test } from "./fixtures.ts";

const paths = await sitePaths();
const headerLinks = ["Home", "Features", "Products", "Solutions", "Support", "Demo"];
const footerLinks: [string, string][] = [
  ["Demo", "/demo"],
  ["Contact", "/contact"],
  ["Privacy", "/privacy"],
  ["Terms", "/terms"],
  ["About", "/about"],
];

test.describe("raw HTML of every route (no JavaScript)", () => {
  for (const path of paths) {
    test(`${path} has its full head and content`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("text/html");
      const html = await response.text();
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      for (const name of ["description", "keywords", "author", "twitter:card"])
        expect(html, name).toMatch(new RegExp(`<meta name="${name}" content="[^"]+"`));
      for (const property of ["og:title", "og:description", "og:type", "og:url", "og:image"])
        expect(html, property).toMatch(new RegExp(`<meta property="${property}" content="[^"]+"`));
      const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
      expect(canonical).toBe(`https://www.tallyway.example${path}`);
      expect(html).toMatch(/<h1[^>]*>/);
      expect(html).not.toMatch(/lorem ipsum|TODO/i);
    });
  }
});

test.describe("every route in the browser", () => {
  for (const path of paths) {
    test(`${path} renders the shell with no console errors`, async ({ page, consoleErrors }) => {
      await page.goto(path);
      await expect(page.locator("h1")).toBeVisible();
      const nav = page.getByRole("navigation", { name: "Main", exact: true });
      for (const label of headerLinks) await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
      const current = nav.locator("[aria-current]");
      const expectedCurrent =
        path === "/" ? "Home" : headerLinks.find((label) => path.startsWith(`/${label.toLowerCase()}`));
      if (expectedCurrent) {
        await expect(current).toHaveText(expectedCurrent);
        await expect(current).toHaveAttribute(
          "aria-current",
          path === `/${expectedCurrent.toLowerCase()}` || path === "/" ? "page" : "true",
        );
      } else await expect(current).toHaveCount(0);
      const footer = page.getByRole("contentinfo");
      for (const [label, href] of footerLinks)
        await expect(footer.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await page.waitForLoadState("load");
      expect(consoleErrors).toEqual([]);
    });
  }
});

test("the header's logo links home and the footer has the sibling app, schedule call, top anchor, copyright and today's date", async ({
  page,
}) => {
  await page.goto("/products");
  await expect(page.getByRole("banner").getByRole("link", { name: /Tallyway home page/ })).toHaveAttribute("href", "/");
  const footer = page.getByRole("contentinfo");
  const sibling = footer.getByRole("link", { name: /Tallyway Track/ });
  await expect(sibling).toHaveAttribute("target", "_blank");
  await expect(sibling).toHaveAttribute("rel", "noopener");
  await expect(sibling).toHaveAttribute("href", "https://track.tallyway.example");
  const schedule = footer.getByRole("link", { name: "Schedule a Call" });
  const scheduleUrl = new URL((await schedule.getAttribute("href"))!);
  expect(scheduleUrl.origin + scheduleUrl.pathname).toBe("https://schedule.tallyway.example/book");
  expect([...scheduleUrl.searchParams.keys()].sort()).toEqual(["source", "type", "ui"]);
  await expect(footer.getByRole("link", { name: "Back to top" })).toHaveAttribute("href", "#top");
  await expect(footer).toContainText(`Tallyway Inc. All rights reserved.`);
  const today = await page.evaluate(() => new Intl.DateTimeFormat("en-US", { dateStyle: "full" }).format(new Date()));
  await expect(footer.locator("time")).toHaveText(today);
});

test("the footer leads to the features and the prices, which open clear of the sticky header", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const product = page.getByRole("contentinfo").getByRole("navigation", { name: "Product" });
  await expect(product.getByRole("link", { name: "Features" })).toHaveAttribute("href", "/features");
  await product.getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/products#pricing$/);
  const prices = page.getByRole("list", { name: "Apps and prices" });
  await expect(prices).toBeInViewport();
  // The first price card's top is below the header, not under it.
  await expect
    .poll(async () => {
      const header = await page.getByRole("banner").boundingBox();
      const cards = await prices.boundingBox();
      return header && cards ? cards.y >= header.y + header.height : false;
    })
    .toBe(true);
});

for (const [width, height] of [
  [1440, 900],
  [1024, 768],
  [390, 844],
  [320, 640],
]) {
  test(`at ${width} px the header shows the prices and a call to action in one tap, on one line`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto("/features/billing");
    const banner = page.getByRole("banner");
    const pricing = banner.getByRole("link", { name: "Pricing", exact: true }).filter({ visible: true });
    const demo = banner.getByRole("link", { name: "Schedule Demo" }).filter({ visible: true });
    await expect(pricing).toHaveCount(1);
    await expect(demo).toHaveCount(1);
    // Nothing wraps or spills: the header keeps its 4rem row and every control sits inside the page's width.
    const row = await banner.evaluate((header) => {
      const controls = [...header.querySelectorAll("a, button")].filter((element) => element.checkVisibility());
      const boxes = controls.map((element) => element.getBoundingClientRect());
      return {
        height: header.getBoundingClientRect().height,
        right: Math.max(...boxes.map((box) => box.right)),
        tallest: Math.max(...boxes.map((box) => box.height)),
        overlaps: boxes.some((a, i) =>
          boxes.some((b, j) => i < j && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom),
        ),
      };
    });
    expect(row.height).toBeLessThanOrEqual(65);
    expect(row.right).toBeLessThanOrEqual(width);
    expect(row.tallest).toBeLessThanOrEqual(48);
    expect(row.overlaps).toBe(false);
    await pricing.click();
    await expect(page).toHaveURL(/\/products#pricing$/);
    await expect(page.getByRole("list", { name: "Apps and prices" })).toBeInViewport();
  });
}

test("the sticky header is opaque: nothing scrolled under it shows through", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.evaluate(() => window.scrollTo(0, 900));
  const header = page.getByRole("banner");
  await expect(header).toBeInViewport();
  const style = await header.evaluate((element) => {
    const computed = getComputedStyle(element);
    return { background: computed.backgroundColor, filter: computed.backdropFilter };
  });
  // A colour with an alpha below 1 (rgba, or "/ 0.95" in oklab) would let colour blocks smear through.
  expect(style.background).not.toMatch(/transparent|rgba\(.*,\s*0?\.\d+\)|\/\s*0?\.\d+\)/);
  expect(style.filter).toBe("none");
});

test("the skip link moves to the main content", async ({ page }) => {
  await page.goto("/features");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await skip.press("Enter");
  await expect(page).toHaveURL(/#main$/);
});

test("an unknown path is redirected to the home page by the server and in the browser", async ({ page, request }) => {
  const response = await request.get("/no/such/page?x=1", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/");
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle("Tallyway");
});

test("client-side navigation updates the title, slides the page in and focuses its heading", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/");
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
  await page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Features" }).click();
  await expect(page).toHaveURL(/\/features$/);
  await expect(page).toHaveTitle("Features | Tallyway");
  await expect(page.locator("h1")).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
  const slide = page.locator("main > div").first();
  await expect(slide).toHaveClass(/animate-slide-left/);
  expect(await slide.evaluate((el) => getComputedStyle(el).animationDuration)).toBe("0.3s");

  await page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveTitle("Tallyway");
  await expect(page.locator("main > div").first()).toHaveClass(/animate-slide-right/);
  expect(consoleErrors).toEqual([]);
});

test("with reduced motion the route change does not animate", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ reducedMotion: "reduce", baseURL });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Products" }).click();
  await expect(page).toHaveTitle("Products | Tallyway");
  expect(
    await page
      .locator("main > div")
      .first()
      .evaluate((el) => getComputedStyle(el).animationName),
  ).toBe("none");
  await context.close();
});

test("the mobile menu opens, lists the main links and closes after navigating", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "Open menu" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  const menu = page.getByRole("navigation", { name: "Main (mobile)" });
  await expect(menu).toBeVisible();
  // Beside the sales path, the self-serve one: the marketplace listing, in view without scrolling.
  const install = page.locator("#mobile-menu").getByRole("link", { name: /Install from the marketplace/ });
  await expect(install).toHaveAttribute("href", "https://marketplace.tallyway.example/listing/tallyway");
  await expect(install).toBeInViewport();
  await menu.getByRole("link", { name: "Support" }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
});

test("internal links inside content navigate client-side", async ({ page }) => {
  // A feature's text links to /features/project (requirements §2).
  await page.goto("/features/billing");
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
  await page.locator(".prose a[href='/features/project']").first().click();
  await expect(page).toHaveURL(/\/features\/project$/);
  await expect(
    page.getByRole("navigation", { name: "Features" }).getByRole("link", { name: "Project" }),
  ).toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
});
