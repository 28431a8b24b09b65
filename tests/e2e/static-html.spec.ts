// Issue 41 (docs/hydration-plan.md): the pages' static parts arrive as HTML that React adopts without
// walking it. Once the app has started, nothing in <main> carries a React fiber but the page's slide
// container, the static parts' wrappers and the islands (the feature tabs); a client navigation brings
// the next page's HTML the same way.
import { expect, test } from "./fixtures.ts";

const staticPages = [
  "/privacy",
  "/terms",
  "/security",
  "/about",
  "/media",
  "/solutions",
  "/features",
  "/features/billing",
];

/**
 * The elements of <main> React walked, but for the slide container and the page's parts: a static part's
 * wrapper (a `contents` div with nothing walked inside), an island (the tabs, or one of `islands`: every
 * element in it may be React's) and a container of parts (a React element whose children are all parts).
 */
const walkedInMain = (page: import("@playwright/test").Page, islands: string[] = []) =>
  page.evaluate((islands) => {
    const hasFiber = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
    const main = document.querySelector("main")!;
    const slide = main.firstElementChild!;
    const islandRoots = ['nav[aria-label="Features"]', ...islands].flatMap((selector) => [
      ...main.querySelectorAll(selector),
    ]);
    const inIsland = (element: Element) => islandRoots.some((root) => root.contains(element));
    const isWrapper = (element: Element) =>
      element.matches("div.contents") && ![...element.querySelectorAll("*")].some(hasFiber);
    const isPart = (element: Element): boolean => isWrapper(element) || inIsland(element) || isContainer(element);
    const isContainer = (element: Element) => element.children.length > 0 && [...element.children].every(isPart);
    return [...main.querySelectorAll("*")]
      .filter(hasFiber)
      .filter((element) => element !== slide && !isPart(element))
      .map((element) => element.outerHTML.slice(0, 80));
  }, islands);

for (const urlPath of staticPages)
  test(`${urlPath} is adopted as HTML: hydration walks none of its static parts`, async ({ page, consoleErrors }) => {
    await page.goto(urlPath);
    await expect(page.locator("main h1")).toBeVisible();
    expect(await walkedInMain(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

test("a client navigation to a static page sets its HTML, slides it in and focuses its heading", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/solutions");
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
  // A page link inside the static HTML, followed by the delegated listener.
  await page.locator("main").getByRole("link", { name: /^See / }).first().click();
  await expect(page).toHaveURL(/\/features\/[a-z-]+$/);
  await expect(page.locator("main h1")).toBeFocused();
  await expect(page.locator("main > div").first()).toHaveClass(/animate-slide-/);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
  expect(await walkedInMain(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

/** A form island's email field, brought near: once hydrated (typed into before, its state would not see the text), it flags a bad address. */
async function expectEmailValidated(email: import("@playwright/test").Locator) {
  await email.scrollIntoViewIfNeeded();
  await expect
    .poll(() => email.evaluate((input) => Object.keys(input).some((key) => key.startsWith("__reactFiber$"))))
    .toBe(true);
  await email.fill("ann@");
  await email.blur();
  await expect(email).toHaveAttribute("aria-invalid", "true");
}

/** The scheduler frame and the question form, each an island of the static /support page. */
const supportIslands = ["figure:has([data-state])", "div:has(> form)"];

test("/support is adopted as HTML but for the scheduler frame and the question form, which still work", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/support");
  await expect(page.locator("main h1")).toBeVisible();
  expect(await walkedInMain(page, supportIslands)).toEqual([]);
  // The frame, near the viewport, tries its (blocked) host and says so.
  const figure = page.locator("figure", { has: page.locator("[data-state]") });
  await figure.scrollIntoViewIfNeeded();
  await expect(figure.locator("[data-state]")).toHaveAttribute("data-state", "unavailable");
  // The form, hydrated once near, validates.
  const email = page.getByRole("form", { name: "Contact form" }).getByLabel("Email");
  await expectEmailValidated(email);
  expect(await walkedInMain(page, supportIslands)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("/demo is adopted as HTML but for the slides frame, which still tries its host", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/demo");
  const islands = ["figure:has([data-state])"];
  expect(await walkedInMain(page, islands)).toEqual([]);
  const figure = page.locator("figure", { has: page.locator("[data-state]") });
  await figure.scrollIntoViewIfNeeded();
  await expect(figure.locator("[data-state]")).toHaveAttribute("data-state", "unavailable");
  expect(await walkedInMain(page, islands)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

/** The video facades and the collapsibles, the islands of the demo pages. */
const demoIslands = ["figure[data-video-status]", "details"];

for (const urlPath of ["/demo-timesheet", "/demo-timer", "/demo-new-te", "/demo-project-allocation", "/demo-classic"])
  test(`${urlPath} is adopted as HTML but for its videos and collapsibles, which still answer`, async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(urlPath);
    await expect(page.locator("main h1")).toBeVisible();
    expect(await walkedInMain(page, demoIslands)).toEqual([]);
    // The facade plays; its host is blocked in tests, so it says so.
    const video = page.locator("main figure[data-video-status]").first();
    await video.getByRole("button", { name: /^Play video: / }).click();
    await expect(video).toHaveAttribute("data-video-status", "failed");
    const collapsibles = page.locator("main details");
    if (urlPath !== "/demo-project-allocation") {
      const summary = collapsibles.first().locator("summary");
      await summary.click();
      await expect(collapsibles.first()).toHaveAttribute("open", "");
      await expect(summary.locator("svg")).toHaveAttribute("data-arrow", "up");
    } else await expect(collapsibles).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

test("/blog is adopted as HTML but for the newsletter form, which still validates", async ({ page, consoleErrors }) => {
  await page.goto("/blog");
  await expect(page.locator("main h1")).toBeVisible();
  const islands = ["div:has(> #newsletter)"];
  expect(await walkedInMain(page, islands)).toEqual([]);
  const email = page.getByRole("form", { name: "Newsletter sign-up" }).getByLabel("Email");
  await expectEmailValidated(email);
  expect(await walkedInMain(page, islands)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("/products is adopted as HTML but for the cost calculator, which still computes", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/products");
  await expect(page.locator("main h1")).toBeVisible();
  const islands = ["section:has(input)"];
  expect(await walkedInMain(page, islands)).toEqual([]);
  const calculator = page.getByRole("main").getByRole("region", { name: "What your team would pay" });
  await calculator.getByLabel("Users").fill("101");
  await expect(calculator).toContainText("11 packs × USD 999 (room for 110 users)");
  expect(consoleErrors).toEqual([]);
});

/** The carousel, the tour video's facade and the newsletter form: the islands of the home page. */
const homeIslands = ['section[aria-roledescription="carousel"]', "figure[data-video-status]", "div:has(> #newsletter)"];

test("/ is adopted as HTML but for the carousel, the tour video and the newsletter form, which still answer", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/");
  await expect(page.locator("main h1")).toBeVisible();
  expect(await walkedInMain(page, homeIslands)).toEqual([]);
  // The carousel answers: a press on Next (a button once the app runs) holds the rotation.
  const carousel = page.locator('section[aria-roledescription="carousel"]');
  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expect(carousel).toHaveAttribute("data-status", "held");
  // The facade, hydrated once near, plays; its host is blocked in tests, so it says so.
  const video = page.locator("main figure[data-video-status]");
  await video.scrollIntoViewIfNeeded();
  await expect
    .poll(() => video.evaluate((figure) => Object.keys(figure).some((key) => key.startsWith("__reactFiber$"))))
    .toBe(true);
  await video.getByRole("button", { name: /^Play video: / }).click();
  await expect(video).toHaveAttribute("data-video-status", "failed");
  await expectEmailValidated(page.getByRole("form", { name: "Newsletter sign-up" }).getByLabel("Email"));
  expect(await walkedInMain(page, homeIslands)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("/contact is adopted as HTML but for its two forms, which still validate", async ({ page, consoleErrors }) => {
  await page.goto("/contact");
  await expect(page.locator("main h1")).toBeVisible();
  const islands = ["form"];
  expect(await walkedInMain(page, islands)).toEqual([]);
  await expectEmailValidated(page.getByRole("form", { name: "Contact form" }).getByLabel("Email"));
  await expectEmailValidated(page.getByRole("form", { name: "Newsletter sign-up" }).getByLabel("Email"));
  expect(await walkedInMain(page, islands)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

// Step 4, the shell: the footer and the header's links are static HTML rendered by entry.server.tsx,
// adopted on every page (not walked, not repeated in the hydration data); the footer's date is written
// in once the app runs; the header's menu button and popover stay React's.
const footerWalked = (page: import("@playwright/test").Page) =>
  page.evaluate(() => {
    const hasFiber = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
    const footer = document.querySelector("footer")!;
    return [footer, ...footer.querySelectorAll("*")].filter(hasFiber).map((element) => element.outerHTML.slice(0, 80));
  });

for (const urlPath of ["/", "/products", "/features/billing", "/contact", "/blog"])
  test(`${urlPath}: the footer is adopted as HTML, only its date written in`, async ({ page, consoleErrors }) => {
    const html = await (await page.request.get(urlPath)).text();
    // Once in the document: not again in the hydration data (no loader carries it).
    expect(html.split("All rights reserved.").length - 1).toBe(1);
    expect(html).toMatch(/<p class="min-h-5" data-today=""><\/p>/);
    await page.goto(urlPath);
    const today = page.getByRole("contentinfo").locator("time");
    await expect(today).toHaveCount(1);
    await expect(today).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
    await expect(today).toHaveText(/^[A-Z][a-z]+, [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(await footerWalked(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

test("a footer link navigates client-side; the footer and its date stay as they are", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/products");
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
  await page.getByRole("contentinfo").getByRole("link", { name: "Security", exact: true }).click();
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.locator("main h1")).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
  await expect(page.getByRole("contentinfo").locator("time")).toHaveCount(1);
  expect(await footerWalked(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

/** The header's elements React walked, but for the header and its row, the parts' wrappers and the menu's button and popover. */
const headerWalked = (page: import("@playwright/test").Page) =>
  page.evaluate(() => {
    const hasFiber = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
    const header = document.querySelector("header")!;
    const island = [header, header.querySelector(".header-row"), header.querySelector("#mobile-menu")];
    const button = header.querySelector("button.menu-button")!;
    return [...header.querySelectorAll("*")]
      .filter(hasFiber)
      .filter((element) => !island.includes(element) && !element.classList.contains("contents"))
      .filter((element) => !button.contains(element))
      .map((element) => element.outerHTML.slice(0, 80));
  });

test("the header's links are adopted as HTML; their aria-current follows a client navigation", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/features/billing");
  expect(await headerWalked(page)).toEqual([]);
  const main = page.getByRole("navigation", { name: "Main", exact: true });
  const mobile = page.getByRole("navigation", { name: "Main (mobile)", includeHidden: true });
  await expect(main.locator("[aria-current]")).toHaveText("Features");
  await expect(main.getByRole("link", { name: "Features" })).toHaveAttribute("aria-current", "true");
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
  await main.getByRole("link", { name: "Products" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.locator("main h1")).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
  for (const nav of [main, mobile]) {
    await expect(nav.locator("[aria-current]")).toHaveCount(1);
    await expect(nav.getByRole("link", { name: "Products", includeHidden: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  }
  await page
    .getByRole("banner")
    .getByRole("link", { name: /home page/ })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(main.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  await expect(main.locator("[aria-current]")).toHaveCount(1);
  expect(await headerWalked(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
