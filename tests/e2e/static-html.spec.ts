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

/** The elements of <main> React walked, but for the slide container, the static parts' wrappers and the tabs. */
const walkedInMain = (page: import("@playwright/test").Page) =>
  page.evaluate(() => {
    const hasFiber = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
    const main = document.querySelector("main")!;
    const slide = main.firstElementChild!;
    const wrappers = [...slide.children].filter((element) => element.classList.contains("contents"));
    const tabs = main.querySelector('nav[aria-label="Features"]');
    return [...main.querySelectorAll("*")]
      .filter(hasFiber)
      .filter((element) => element !== slide && !wrappers.includes(element) && !tabs?.contains(element))
      .map((element) => element.outerHTML.slice(0, 80));
  });

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
