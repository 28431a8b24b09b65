import type { Locator, Page } from "@playwright/test";
import { expect, holdAppStart, hydrated, test } from "./fixtures.ts";
import { playerApis, stubPlayerApi } from "./player-api.ts";

const titles = ["Time + Expense", "Report Time + Expense", "Projects + Resources", "Billing"];
const targets = [
  "/features/time-expense-items",
  "/features/time-expense-reports",
  "/features/project",
  "/features/billing",
];

async function pauseClock(page: Page) {
  await page.clock.install({ time: new Date("2026-03-03T09:00:00") });
  await page.clock.pauseAt(new Date("2026-03-03T09:00:01"));
}

const carousel = (page: Page) => page.getByRole("region", { name: "Product tour" });
const slide = (page: Page, n: number) => page.locator(`[aria-roledescription="slide"][aria-label^="${n + 1} of 4:"]`);

/** The one active slide, by number; the others hidden. */
async function expectActive(page: Page, n: number) {
  await expect(slide(page, n)).toHaveAttribute("data-active", "true");
  await expect(page.locator('[aria-roledescription="slide"][data-active]')).toHaveCount(1);
  await expect(
    slide(page, n).getByRole("link", { name: new RegExp(`^${titles[n].replace(/\+/g, "\\+")}`) }),
  ).toBeVisible();
}

/** Loads the home page with a paused fake clock (time moves only by runFor) and the pointer outside the carousel. */
async function openWithClock(page: Page) {
  await pauseClock(page);
  await page.goto("/");
  await expect(carousel(page)).toHaveAttribute("data-ready", "true");
  // After load the other slides swap their placeholders for images: let that settle first.
  await page.waitForLoadState("load");
  await page.mouse.move(5, 5);
}

test.describe("carousel", () => {
  test("starts on the first slide, rotating, with its image in the prerendered HTML and preloaded", async ({
    page,
    request,
  }) => {
    const html = await (await request.get("/")).text();
    // One preload per picture the first slide can show: its crop from 1024 px, the whole screen down to 640, the detail below.
    const preloads = html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preloads).toHaveLength(3);
    for (const [preload, art, media] of [
      [preloads[0], "timesheet-focus", "(min-width: 1024px)"],
      [preloads[1], "timesheet", "(min-width: 640px) and (max-width: 1023px)"],
      [preloads[2], "timesheet-detail", "(max-width: 639px)"],
    ]) {
      expect(preload).toMatch(/type="image\/avif"/);
      expect(preload).toMatch(
        new RegExp(
          `imagesrcset="/assets/img/${art}-[0-9a-f]{10}-1920\\.avif 1920w, [^"]*1400w, [^"]*540w, [^"]*360w"`,
          "i",
        ),
      );
      expect(preload).toContain(`media="${media}"`);
      expect(preload).toMatch(/fetchpriority="high"/i);
    }
    expect(html).toMatch(
      /<img src="\/assets\/img\/timesheet-[0-9a-f]{10}-1400\.webp" alt="A weekly timesheet[^"]*" width="1400" height="1050"/,
    );

    await page.goto("/");
    await expect(carousel(page)).toHaveAttribute("aria-roledescription", "carousel");
    await expectActive(page, 0);
    for (const n of [1, 2, 3]) await expect(slide(page, n)).toBeHidden();
    await expect(page.locator("#carousel-items")).toHaveAttribute("aria-live", "off");
    await expect(page.getByRole("button", { name: "Stop automatic slide show" })).toBeVisible();
    const image = slide(page, 0).locator("img");
    await expect(image).toHaveAttribute("fetchpriority", "high");
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
    // The active slide fades in over 600 ms.
    expect(await slide(page, 0).evaluate((el) => getComputedStyle(el).transitionDuration)).toBe("0.6s");
  });

  test("next wraps past the last slide and previous wraps before the first; the picker shows a slide", async ({
    page,
    consoleErrors,
  }) => {
    await openWithClock(page);
    await page.getByRole("button", { name: "Previous slide" }).click();
    await expectActive(page, 3);
    await page.getByRole("button", { name: "Next slide" }).click();
    await expectActive(page, 0);
    await page.getByRole("button", { name: "Next slide" }).click();
    await expectActive(page, 1);
    await page.getByRole("button", { name: "Show slide 3 of 4: Projects + Resources" }).click();
    await expectActive(page, 2);
    await expect(page.getByRole("button", { name: "Show slide 3 of 4: Projects + Resources" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    // A manual action stops the rotation while the pointer stays, and the live region speaks.
    await expect(carousel(page)).toHaveAttribute("data-status", "held");
    await expect(page.locator("#carousel-items")).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(21_000);
    await expectActive(page, 2);
    expect(consoleErrors).toEqual([]);
  });

  test("a slide reached before the app runs stays shown once it runs (next is a link to slide 2 until then)", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const start = await holdAppStart(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const next = carousel(page).getByRole("link", { name: "Next slide" });
    await expect(next).toHaveAttribute("href", "#carousel-slide-2");
    const left = async (n: number) => (await slide(page, n).boundingBox())!.x;
    const firstSlideLeft = await left(0);
    await next.click();
    // The strip scrolls natively: slide 2 takes slide 1's place.
    await expect.poll(() => left(1)).toBe(firstSlideLeft);
    start();
    await hydrated(page);
    await expect(carousel(page)).toHaveAttribute("data-ready", "true");
    await expect(slide(page, 1)).toHaveAttribute("data-active", "true");
    // The same element, now a button.
    await expect(carousel(page).getByRole("button", { name: "Next slide" })).toHaveAttribute(
      "href",
      "#carousel-slide-3",
    );
  });

  test("advances every 7000 ms and wraps", async ({ page }) => {
    await openWithClock(page);
    await page.clock.runFor(6_999);
    await expectActive(page, 0);
    await page.clock.runFor(1);
    await expectActive(page, 1);
    await page.clock.runFor(7_000);
    await expectActive(page, 2);
    await page.clock.runFor(7_000);
    await expectActive(page, 3);
    await page.clock.runFor(7_000);
    await expectActive(page, 0);
  });

  test("pauses on hover and resumes on mouse-out", async ({ page }) => {
    await openWithClock(page);
    await slide(page, 0).hover();
    await expect(carousel(page)).toHaveAttribute("data-status", "held");
    // Holding is not stopping: the rotation control still offers to stop, as before the hover.
    await expect(page.getByRole("button", { name: "Stop automatic slide show" })).toBeVisible();
    await page.clock.runFor(30_000);
    await expectActive(page, 0);
    await page.mouse.move(5, 5);
    await expect(carousel(page)).toHaveAttribute("data-status", "rotating");
    await expect(page.locator("#carousel-items")).toHaveAttribute("aria-live", "off");
    await page.clock.runFor(7_000);
    await expectActive(page, 1);
  });

  test("pauses on keyboard focus and resumes on blur", async ({ page }) => {
    await openWithClock(page);
    // The hero's last link (its price line's "See prices") comes just before the carousel's first.
    await page.getByRole("main").getByRole("link", { name: "See prices" }).focus();
    await page.keyboard.press("Tab");
    await expect(slide(page, 0).getByRole("link")).toBeFocused();
    await expect(carousel(page)).toHaveAttribute("data-status", "held");
    await page.clock.runFor(30_000);
    await expectActive(page, 0);
    await page.keyboard.press("Shift+Tab");
    await expect(carousel(page)).toHaveAttribute("data-status", "rotating");
    await page.clock.runFor(7_000);
    await expectActive(page, 1);
  });

  test("the pause button stops rotation until play, whatever the pointer does", async ({ page }) => {
    await openWithClock(page);
    await page.getByRole("button", { name: "Stop automatic slide show" }).click();
    await expect(page.getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
    await page.mouse.move(5, 5);
    await expect(carousel(page)).toHaveAttribute("data-status", "stopped");
    await page.clock.runFor(30_000);
    await expectActive(page, 0);
    await page.getByRole("button", { name: "Start automatic slide show" }).click();
    await page.clock.runFor(7_000);
    await expectActive(page, 1);
  });

  test("clicking a slide goes to its target page, client-side", async ({ page }) => {
    for (const n of [0, 3]) {
      await openWithClock(page);
      await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
      if (n) await page.getByRole("button", { name: `Show slide ${n + 1} of 4: ${titles[n]}` }).click();
      await expectActive(page, n);
      await slide(page, n).click();
      await expect(page).toHaveURL(new RegExp(`${targets[n]}$`));
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
    }
  });

  test("with reduced motion it neither rotates nor fades", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ reducedMotion: "reduce", baseURL });
    const page = await context.newPage();
    await pauseClock(page);
    await page.goto("/");
    await expect(carousel(page)).toHaveAttribute("data-status", "stopped");
    await expect(page.getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
    await page.clock.runFor(30_000);
    await expectActive(page, 0);
    await page.getByRole("button", { name: "Next slide" }).click();
    expect(await slide(page, 1).evaluate((el) => getComputedStyle(el).transitionDuration)).toBe("0s");
    await context.close();
  });

  test("nothing shifts while the page loads and the slides change (CLS 0)", async ({ page }) => {
    // Each shift with what moved (tag, class, old and new box), so a failure says where to look.
    await page.addInitScript(() => {
      const shifts: string[] = [];
      (window as unknown as { shifts: string[] }).shifts = shifts;
      type Shift = PerformanceEntry & {
        value: number;
        sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      };
      const box = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
      const describe = (node?: Node) =>
        node instanceof Element ? `<${node.localName} class="${node.className}">` : String(node?.nodeName);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[])
          shifts.push(
            `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ` +
              entry.sources
                .map((s) => `${describe(s.node)} ${box(s.previousRect)} -> ${box(s.currentRect)}`)
                .join("; "),
          );
      }).observe({ type: "layout-shift", buffered: true });
    });
    await openWithClock(page);
    await page.waitForLoadState("networkidle");
    // One interval at a time: the next timer is set once the page has rendered the last tick.
    await page.clock.runFor(7_000);
    await expectActive(page, 1);
    await page.clock.runFor(7_000);
    await expectActive(page, 2);
    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
  });

  test("the hero's text does not move while the carousel's HTML is still arriving", async ({ page, request }) => {
    // A browser may paint a page it has only partly parsed (CI once caught the hero text moving
    // as the rest of the carousel arrived). Serve the page cut short at points inside the carousel
    // and compare where the headline and the first slide stand with where they stand in the whole page.
    const html = await (await request.get("/")).text();
    const firstSlide = html.indexOf('aria-roledescription="slide"');
    const cuts = {
      "after the first slide's image": html.indexOf("</picture>", firstSlide) + "</picture>".length,
      "after the first slide": html.lastIndexOf("<div", html.indexOf('aria-roledescription="slide"', firstSlide + 1)),
      "before the carousel's controls": html.lastIndexOf(
        "<button",
        html.indexOf('aria-label="Stop automatic slide show"'),
      ),
    };
    const positions = async () => {
      const top = (locator: Locator) => locator.evaluate((element) => element.getBoundingClientRect().top);
      return { headline: await top(page.locator("h1")), slide: await top(slide(page, 0)) };
    };
    await page.goto("/");
    const whole = await positions();
    for (const [name, cut] of Object.entries(cuts)) {
      expect(cut, name).toBeGreaterThan(firstSlide);
      await page.route("/", (route) => route.fulfill({ contentType: "text/html", body: html.slice(0, cut) }));
      await page.goto("/");
      expect(await positions(), name).toEqual(whole);
      await page.unroute("/");
    }
  });
});

test.describe("recorded demo video", () => {
  test("shows our poster (no thumbnail host configured: nothing leaves the site) and keeps a link to the video service", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/");
    const figure = page.locator("figure", { hasText: "A five-minute tour" });
    await figure.scrollIntoViewIfNeeded();
    const poster = figure.locator("img");
    await expect(poster).toHaveAttribute("src", /^\/assets\/img\/poster-tour-[0-9a-f]{10}-1400\.webp$/);
    await expect
      .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const watch = figure.getByRole("link", { name: /Watch on YouTube/ });
    await expect(watch).toHaveAttribute("href", "https://www.youtube.com/watch?v=tw-tour-01");
    await expect(watch).toHaveAttribute("target", "_blank");
    expect(consoleErrors).toEqual([]);
  });

  test("a click swaps the thumbnail for the player from the privacy-enhanced host", async ({ page, consoleErrors }) => {
    // The player API as the service would answer it (tests/e2e/video.spec.ts covers the host blocked).
    await stubPlayerApi(page, playerApis.plays);
    await page.goto("/");
    const figure = page.locator("figure", { hasText: "A five-minute tour" });
    // Below the first screen (under the facts band): it hydrates as the visitor scrolls to it.
    await figure.scrollIntoViewIfNeeded();
    await figure.getByRole("button", { name: "Play video: A five-minute tour: from timesheet to invoice" }).click();
    const frame = figure.locator("iframe");
    await expect(frame).toHaveAttribute(
      "src",
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/tw-tour-01\?autoplay=1&enablejsapi=1/,
    );
    await expect(frame).toHaveAttribute("title", "A five-minute tour: from timesheet to invoice");
    await expect(figure.getByRole("button", { name: /Play video/ })).toHaveCount(0);
    await expect(figure).toHaveAttribute("data-video-status", "playing");
    await expect(frame).toBeVisible();
    await expect(figure.getByRole("link", { name: /Watch on YouTube/ })).toBeVisible();
    await page.getByRole("link", { name: "View recorded Demos" }).click();
    await expect(page).toHaveURL(/\/demo$/);
    expect(consoleErrors).toEqual([]);
  });
});

test("every link on the home page goes where it should", async ({ page }) => {
  await page.goto("/");
  const main = page.locator("main");
  const scheduler = (type: string) =>
    `https://schedule.tallyway.example/book?source=marketing+site&type=${type}&ui=page`;
  const expected: [string | RegExp, string][] = [
    ["Schedule Demo (opens in a new tab)", scheduler("demo")],
    ["View recorded Demos", "/demo"],
    ["See prices", "/products"],
    ["Install from the marketplace (opens in a new tab)", "https://marketplace.tallyway.example/listing/tallyway"],
    ...titles.map((title, n): [RegExp, string] => [new RegExp(`^${title.replace(/\+/g, "\\+")} — `), targets[n]]),
    [/Watch on YouTube/, "https://www.youtube.com/watch?v=tw-tour-01"],
    ["View details about projects", "/features/project"],
    ["View details about time", "/features/time-expense-items"],
    ["View details about expenses", "/features/time-expense-reports"],
    ["View details about resources", "/features/resource"],
    ["View details about billing", "/features/billing"],
    ["View details about time off", "/features/time-off"],
    ["View the marketplace listing (opens in a new tab)", "https://marketplace.tallyway.example/listing/tallyway"],
    ["How installation works (opens in a new tab)", "https://docs.tallyway.example/install"],
    ["Schedule Installation / Setup (opens in a new tab)", scheduler("setup")],
  ];
  // The video's facade is a link until its part of the page hydrates, as the visitor scrolls to it.
  const video = main.locator("figure", { hasText: "A five-minute tour" });
  await video.scrollIntoViewIfNeeded();
  await expect(video.getByRole("button", { name: /^Play video/ })).toBeVisible();
  for (const [name, href] of expected) {
    // Slides other than the active one are inert, so look them up in the DOM rather than the accessibility tree.
    const link =
      typeof name === "string"
        ? main.getByRole("link", { name, exact: true })
        : main.getByRole("link", { name, includeHidden: true });
    await expect(link, String(name)).toHaveAttribute("href", href);
  }
  // And there is no other link in the page's content (the slide picker and the play facade are
  // links until the app runs, then buttons in place).
  expect(await main.locator("a[href]:not([role=button])").count()).toBe(expected.length);
  await expect(page.locator("#newsletter").getByRole("heading", { name: "Stay in the loop" })).toBeVisible();
});

test.describe("parts further down the page", () => {
  const hydrated = (locator: import("@playwright/test").Locator) =>
    locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber")));

  // The tour video's facade is the island further down; the text around it, and the feature cards,
  // are static HTML that is never hydrated (static-html.spec.ts), their links delegated.
  test("hydrate when they near the viewport, not with the first screen", async ({ page }) => {
    await page.goto("/");
    const video = page.locator("main figure[data-video-status]");
    expect(await hydrated(video)).toBe(false);
    expect(await hydrated(page.locator('section[aria-roledescription="carousel"]'))).toBe(true);
    await video.scrollIntoViewIfNeeded();
    await expect.poll(() => hydrated(video)).toBe(true);
    const details = page.getByRole("link", { name: "View details about billing" });
    await details.scrollIntoViewIfNeeded();
    expect(await hydrated(details)).toBe(false);
  });

  test("a click on a part not hydrated yet still navigates client-side", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const details = page.getByRole("link", { name: "View details about time off" });
    expect(await hydrated(details)).toBe(false);
    await details.click();
    await expect(page).toHaveURL(/\/features\/time-off$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  });
});
