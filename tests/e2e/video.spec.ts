// The recorded videos: a poster of its own for each, and a way out when the player cannot start.
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, holdAppStart, test } from "./fixtures.ts";
import { playerApis, playerApiUrl, servePlayerApi, stubPlayerApi } from "./player-api.ts";

const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const timesheetVideo = "Entering and submitting a weekly timesheet";
const videoFigure = (page: Page, title: string) => page.getByRole("main").locator("figure", { hasText: title });
const failurePanel = (figure: Locator) => figure.getByRole("region", { name: "This video could not load here." });

/** Counts the page's requests for the player API script. */
function countApiRequests(page: Page) {
  const count = { value: 0 };
  page.on("request", (request) => {
    if (request.url() === playerApiUrl) count.value += 1;
  });
  return count;
}

test.describe("when the player cannot start", () => {
  test("with the video host blocked, Play shows the poster, a message, Watch on YouTube and Try again, which tries again", async ({
    page,
    consoleErrors,
  }) => {
    const requests = countApiRequests(page);
    await page.goto("/demo-timesheet");
    const figure = videoFigure(page, timesheetVideo);
    await figure.getByRole("button", { name: `Play video: ${timesheetVideo}` }).click();
    await expect(figure).toHaveAttribute("data-video-status", "failed");
    const panel = failurePanel(figure);
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("Your network may block YouTube.");
    // Not a dead frame: no player, our poster behind the message.
    await expect(figure.locator("iframe")).toHaveCount(0);
    await expect(figure.locator("img")).toHaveAttribute("src", /\/poster-timesheet-[0-9a-f]{10}-1400\.webp$/);
    await expect
      .poll(() => figure.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const watch = panel.getByRole("link", { name: /^Watch on YouTube\s*\(opens in a new tab\)$/ });
    await expect(watch).toHaveAttribute("href", "https://www.youtube.com/watch?v=tw-timesheet-01");
    await expect(watch).toHaveAttribute("target", "_blank");
    await expect(watch).toHaveAttribute("rel", "noopener");
    // The message has the focus the player frame had, so it is read out.
    await expect(panel.locator("[tabindex='-1']")).toBeFocused();
    expect(requests.value).toBe(1);

    await panel.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => requests.value).toBe(2);
    await expect(figure).toHaveAttribute("data-video-status", "failed");
    await expect(failurePanel(figure)).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("Try again plays the video once the host can be reached", async ({ page, consoleErrors }) => {
    let attempts = 0;
    await page.route(playerApiUrl, (route) =>
      attempts++ === 0 ? route.abort("blockedbyclient") : servePlayerApi(route, playerApis.plays),
    );
    await page.goto("/demo-timesheet");
    const figure = videoFigure(page, timesheetVideo);
    await figure.getByRole("button", { name: /^Play video/ }).click();
    await failurePanel(figure).getByRole("button", { name: "Try again" }).click();
    await expect(figure).toHaveAttribute("data-video-status", "playing");
    await expect(figure.locator("iframe")).toBeVisible();
    await expect(failurePanel(figure)).toHaveCount(0);
    expect(attempts).toBe(2);
    expect(consoleErrors).toEqual([]);
  });

  test("a player that never gets ready gives up after 8 seconds", async ({ page }) => {
    await page.clock.install();
    await stubPlayerApi(page, playerApis.neverReady);
    await page.goto("/demo-timer");
    const figure = videoFigure(page, "Tracking time with the timer");
    await figure.getByRole("button", { name: /^Play video/ }).click();
    await expect(figure.locator("iframe")).toBeVisible();
    await page.clock.runFor(7_000);
    await expect(figure).toHaveAttribute("data-video-status", "loading");
    await page.clock.runFor(1_000);
    await expect(figure).toHaveAttribute("data-video-status", "failed");
    await expect(failurePanel(figure)).toBeVisible();
  });

  test("a player that refuses the video shows the same way out", async ({ page }) => {
    await stubPlayerApi(page, playerApis.refuses);
    await page.goto("/demo-project-allocation");
    const figure = videoFigure(page, "Assigning people to projects and deliverables");
    await figure.getByRole("button", { name: /^Play video/ }).click();
    await expect(figure).toHaveAttribute("data-video-status", "failed");
    await expect(failurePanel(figure).getByRole("button", { name: "Try again" })).toBeVisible();
  });

  for (const viewport of [
    { width: 320, height: 640 },
    { width: 1440, height: 900 },
  ])
    test(`the failure message fits its frame and passes axe at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/demo-classic");
      const figure = videoFigure(page, "Time logged from a case, its note published to the case");
      await figure.getByRole("button", { name: /^Play video/ }).click();
      const panel = failurePanel(figure);
      await expect(panel).toBeVisible();
      // Nothing scrolls inside the frame: message and both actions are in view at once.
      expect(await panel.evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth)).toBe(
        true,
      );
      const frame = (await panel.boundingBox())!;
      for (const action of [
        panel.getByRole("link", { name: /^Watch on YouTube/ }),
        panel.getByRole("button", { name: "Try again" }),
      ]) {
        const box = (await action.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(frame.x);
        expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width);
        expect(box.height).toBeGreaterThanOrEqual(36);
      }
      const results = await new AxeBuilder({ page }).include("main figure").withTags(wcagTags).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
        [],
      );
    });
});

test("with the player API answering, Play still plays (the normal path)", async ({ page, consoleErrors }) => {
  await stubPlayerApi(page, playerApis.plays);
  await page.goto("/demo-classic");
  const figure = videoFigure(page, "Hours entered as 1:30, the timer run and a check-in, on a phone");
  await figure
    .getByRole("button", { name: "Play video: Hours entered as 1:30, the timer run and a check-in, on a phone" })
    .click();
  const frame = figure.locator("iframe");
  await expect(frame).toHaveAttribute(
    "src",
    /^https:\/\/www\.youtube-nocookie\.com\/embed\/tw-classic-mobile\?autoplay=1&enablejsapi=1/,
  );
  await expect(figure).toHaveAttribute("data-video-status", "playing");
  await expect(frame).toBeVisible();
  await expect(failurePanel(figure)).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test.describe("posters", () => {
  /** The poster URL of every video on the page, in page order. */
  const posterUrls = (page: Page) =>
    page
      .getByRole("main")
      .locator("figure[data-video-status] img")
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src")!));

  test("every video has a poster of its own: on /demo-classic and across the pages", async ({ page }) => {
    const byPage: Record<string, string[]> = {};
    for (const path of [
      "/",
      "/demo-timesheet",
      "/demo-timer",
      "/demo-new-te",
      "/demo-project-allocation",
      "/demo-classic",
    ]) {
      await page.goto(path);
      byPage[path] = await posterUrls(page);
    }
    expect(byPage["/demo-classic"]).toHaveLength(4);
    expect(new Set(byPage["/demo-classic"]).size).toBe(4);
    const all = Object.values(byPage).flat();
    expect(all).toHaveLength(9);
    expect(new Set(all).size).toBe(9);
    for (const url of all) expect(url).toMatch(/^\/assets\/img\/poster-[a-z-]+-[0-9a-f]{10}-1400\.webp$/);
  });

  test("/demo shows each demo as a card with its poster, linking to the demo page", async ({ page }) => {
    await page.goto("/demo");
    const cards = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.locator("article") });
    await expect(cards).toHaveCount(5);
    const seen = new Set<string>();
    for (const [index, [title, to]] of [
      ["Weekly Timesheet Demo", "/demo-timesheet"],
      ["Timer Demo", "/demo-timer"],
      ["New Time and Expense Entry Demo", "/demo-new-te"],
      ["Project Allocation Demo", "/demo-project-allocation"],
      ["Classic UI Demos", "/demo-classic"],
    ].entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole("link", { name: title!, exact: true })).toHaveAttribute("href", to!);
      const img = card.getByRole("img");
      await expect(img).toHaveAttribute("loading", "lazy");
      await expect(img).toHaveAttribute("alt", /\w{3,}/);
      await expect(img).toHaveAttribute("src", /^\/assets\/img\/poster-[a-z-]+-[0-9a-f]{10}-1400\.webp$/);
      // The poster's phone composition (art/poster-phones.ts) at every width: a card is as small as a phone.
      await expect(card.locator("source")).toHaveCount(2);
      await expect(card.locator("source").first()).toHaveAttribute("srcset", /^\/assets\/img\/poster-[a-z-]+-phone-/);
      await expect(img).toHaveAttribute("src", /-phone-[0-9a-f]{10}-1400\.webp$/);
      seen.add((await img.getAttribute("src"))!);
    }
    expect(seen.size).toBe(5);
    // The whole card is the link's target, its picture too.
    const picture = (await cards.nth(1).getByRole("img").boundingBox())!;
    await page.mouse.click(picture.x + picture.width / 2, picture.y + picture.height / 2);
    await expect(page).toHaveURL(/\/demo-timer$/);
  });
});

test("a play pressed before the app has started opens the video on the video service", async ({ page }) => {
  await holdAppStart(page);
  await page.goto("/demo-timesheet", { waitUntil: "domcontentloaded" });
  // The video host is blocked in tests: the navigation's request is the proof.
  const opened = page.waitForRequest(
    (request) => request.isNavigationRequest() && request.url().includes("watch?v=tw-timesheet-01"),
  );
  await page
    .getByRole("main")
    .getByRole("link", { name: /^Play video:/ })
    .click();
  expect((await opened).url()).toBe("https://www.youtube.com/watch?v=tw-timesheet-01");
});
