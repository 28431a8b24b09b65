/**
 * The finish of the shell and the embeds: the header's call to action, the mobile menu closing
 * and giving focus back, links to services opening in a new tab, the designed placeholders of
 * the scheduler and slides frames with their hosts blocked, one unclipped focus ring, one
 * call-to-action colour, and no route wider than a 320 px screen (what 200 % zoom of 640 px gives).
 */
import type { Page } from "@playwright/test";
import { sitePaths } from "../../scripts/site-paths.ts";
import { expect, test } from "./fixtures.ts";

const paths = await sitePaths();
const newTab = " (opens in a new tab)";
const focusColour = "rgb(47, 111, 222)"; // --color-focus, #2f6fde

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const open = async (page: Page) => {
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
  };
  const expectClosedWithFocusOnButton = async (page: Page) => {
    await expect(page.locator("#mobile-menu")).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  };

  test("has the Schedule Demo call to action, opening in a new tab, and locks the page's scroll while open", async ({
    page,
  }) => {
    await page.goto("/");
    await open(page);
    const cta = page.locator("#mobile-menu").getByRole("link", { name: `Schedule Demo${newTab}`, exact: true });
    await expect(cta).toBeVisible();
    await expect(cta).toHaveAttribute("target", "_blank");
    await expect(cta).toHaveAttribute("href", /^https:\/\/schedule\.tallyway\.example\/book\?.*type=demo/);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    await page.keyboard.press("Escape");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
  });

  test("closes on Escape and gives focus back to its button", async ({ page }) => {
    await page.goto("/support");
    await open(page);
    await page.locator("#mobile-menu").getByRole("link", { name: "Features" }).focus();
    await page.keyboard.press("Escape");
    await expectClosedWithFocusOnButton(page);
  });

  test("closes on a tap outside it and gives focus back to its button", async ({ page }) => {
    await page.goto("/");
    await open(page);
    const menuBox = (await page.locator("#mobile-menu").boundingBox())!;
    await page.mouse.click(195, Math.min(840, menuBox.y + menuBox.height + 40));
    await expectClosedWithFocusOnButton(page);
    await expect(page).toHaveURL(/\/$/);
  });

  test("closes on navigation", async ({ page }) => {
    await page.goto("/");
    await open(page);
    await page.locator("#mobile-menu").getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });
});

test("the desktop header has the Schedule Demo call to action beside, not inside, the main navigation", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/features");
  const cta = page.getByRole("banner").getByRole("link", { name: `Schedule Demo${newTab}`, exact: true });
  await expect(cta).toBeVisible();
  await expect(cta).toHaveAttribute("target", "_blank");
  await expect(cta).toHaveAttribute("rel", "noopener");
  const url = new URL((await cta.getAttribute("href"))!);
  expect(Object.fromEntries(url.searchParams)).toEqual({ source: "marketing site", type: "demo", ui: "page" });
  await expect(page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link")).toHaveCount(6);
});

test.describe("every link to book a call or open a service", () => {
  const services = [
    "https://schedule.tallyway.example",
    "https://docs.tallyway.example",
    "https://marketplace.tallyway.example",
    "https://slides.tallyway.example",
  ];
  // One test a page, as at 320 px below: each page's load has the whole timeout, however busy the machine.
  for (const path of paths) {
    test(`on ${path} opens in a new tab, with rel noopener, and says so`, async ({ page }) => {
      await page.goto(path);
      const links = await page.locator("a[href^='https://']").evaluateAll((anchors: HTMLAnchorElement[]) =>
        anchors.map((a) => ({
          href: a.href,
          target: a.target,
          rel: a.rel,
          hidden: a.querySelector(".sr-only")?.textContent ?? "",
        })),
      );
      const toServices = links.filter((l) => services.some((service) => l.href.startsWith(service)));
      for (const link of toServices)
        expect(link, `${path} ${link.href}`).toMatchObject({
          target: "_blank",
          rel: expect.stringContaining("noopener"),
          hidden: newTab,
        });
      expect(toServices.length).toBeGreaterThanOrEqual(2); // the header's and the footer's, and the page's own
    });
  }
});

test.describe("embedded frames with their hosts blocked", () => {
  test("a scheduler that never answers shows the booking steps while loading, then says it could not load here", async ({
    page,
  }) => {
    await page.route("https://schedule.tallyway.example/**", () => {}); // the request hangs, as behind a firewall that drops it
    await page.goto("/support");
    await page.getByRole("heading", { name: "Book a support or setup appointment" }).scrollIntoViewIfNeeded();
    const figure = page.locator("figure", { has: page.locator("[data-state]") });
    await expect(figure.getByRole("status")).toHaveText("Loading the scheduler…");
    for (const step of ["Pick a time", "Your details", "Confirmation"])
      await expect(figure.getByRole("heading", { name: step })).toBeVisible();
    // While the scheduler may still come, its room (requirements §9) is kept.
    expect((await figure.locator("[data-state]").boundingBox())!.height).toBeGreaterThanOrEqual(950);
    await expect(figure.getByRole("status")).toHaveText(/The scheduler could not load here/, { timeout: 15_000 });
    await expect(
      figure.getByRole("link", { name: `Open the scheduler in a new tab${newTab}`, exact: true }),
    ).toBeVisible();
  });

  for (const viewport of [
    { width: 320, height: 640 },
    { width: 1440, height: 900 },
  ])
    test(`a blocked /support scheduler leaves one compact box with the reason and the ways on at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/support");
      const figure = page.locator("figure", { has: page.locator("[data-state]") });
      await figure.scrollIntoViewIfNeeded();
      await expect(figure.locator("[data-state]")).toHaveAttribute("data-state", "unavailable");
      await expect(figure.getByRole("status")).toHaveText(/The scheduler could not load here/);
      const link = figure.getByRole("link", { name: `Open the scheduler in a new tab${newTab}`, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(figure.getByRole("link", { name: "support@tallyway.example" })).toHaveAttribute(
        "href",
        "mailto:support@tallyway.example",
      );
      await expect(figure.getByRole("link", { name: "+1 555 010 0199" })).toHaveAttribute("href", "tel:+15550100199");
      // The blocked host's frame is gone, and with it the room it was kept.
      await expect(figure.locator("iframe")).toHaveCount(0);
      const measure = await figure.evaluate((element) => {
        const shown = (e: Element) => e.getClientRects().length > 0;
        const drawn = (e: Element) => {
          const style = getComputedStyle(e);
          return ["top", "right", "bottom", "left"].every(
            (side) =>
              parseFloat(style.getPropertyValue(`border-${side}-width`)) > 0 &&
              style.getPropertyValue(`border-${side}-style`) !== "none",
          );
        };
        // The placeholder's own box, and what it holds.
        const card = element.querySelector("[data-state] > div > div")!;
        const rects = [...card.querySelectorAll("*")].filter(shown).map((e) => e.getBoundingClientRect());
        const style = getComputedStyle(card);
        return {
          frame: element.getBoundingClientRect().height,
          content: Math.max(...rects.map((r) => r.bottom)) - Math.min(...rects.map((r) => r.top)),
          padding: parseFloat(style.paddingTop) + parseFloat(style.paddingBottom),
          // Boxes drawn with a border all round, the frame itself among them (links and buttons are not boxes).
          boxes: [element, ...element.querySelectorAll("*")].filter(
            (e) => shown(e) && !e.closest("a, button") && drawn(e),
          ).length,
        };
      });
      expect(measure.boxes).toBe(1);
      // No more than the card plus its padding above and below (and the frame's 1 px border).
      expect(measure.frame).toBeLessThanOrEqual(measure.content + measure.padding + 2 + 1);
      expect(measure.frame).toBeLessThan(viewport.height);
      await expect(page.getByRole("complementary", { name: "What the call covers" })).toBeVisible();
    });

  test("the /demo slides show a cover, then the frame itself once the service answers", async ({ page }) => {
    await page.route("https://slides.tallyway.example/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Slides</title><h1>Slide 1</h1>" }),
    );
    await page.goto("/demo");
    await page.getByRole("heading", { name: "The product in slides" }).scrollIntoViewIfNeeded();
    const figure = page.locator("figure", { has: page.locator("iframe[title='Product presentation slides']") });
    await expect(figure).not.toContainText("loads here");
    const frame = figure.locator("iframe");
    await expect(frame).toBeVisible();
    await expect(frame).not.toHaveAttribute("inert");
    await expect(figure.locator("[data-state]")).toHaveAttribute("data-state", "shown");
    await expect(
      page.frameLocator("iframe[title='Product presentation slides']").getByRole("heading", { name: "Slide 1" }),
    ).toBeVisible();
    await expect(
      figure.getByRole("link", { name: `Open the presentation in a new tab${newTab}`, exact: true }),
    ).toBeVisible();
  });
});

test.describe("focus and colour", () => {
  test("the carousel card's focus ring is the site's 3 px ring, and nothing clips it", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab"); // keyboard modality, so focus() shows :focus-visible
    const link = page.locator("[aria-roledescription='slide'][data-active] h2 a");
    await link.focus();
    const ring = await link.evaluate((anchor) => {
      const card = anchor.closest<HTMLElement>("[aria-roledescription='slide']")!;
      const style = getComputedStyle(card);
      const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
      const box = card.getBoundingClientRect();
      const outer = {
        left: box.left - reach,
        top: box.top - reach,
        right: box.right + reach,
        bottom: box.bottom + reach,
      };
      const clippers: string[] = [];
      for (let el = card.parentElement; el; el = el.parentElement) {
        const s = getComputedStyle(el);
        if (s.overflowX === "visible" && s.overflowY === "visible") continue;
        const r = el.getBoundingClientRect();
        const clipsX = s.overflowX !== "visible" && (outer.left < r.left || outer.right > r.right);
        const clipsY = s.overflowY !== "visible" && (outer.top < r.top || outer.bottom > r.bottom);
        if (clipsX || clipsY) clippers.push(el.tagName + "." + el.className);
      }
      return {
        style: style.outlineStyle,
        width: style.outlineWidth,
        colour: style.outlineColor,
        linkOutline: getComputedStyle(anchor).outlineStyle,
        clippers,
      };
    });
    expect(ring).toEqual({ style: "solid", width: "3px", colour: focusColour, linkOutline: "none", clippers: [] });
  });

  test("form fields show the same 3 px focus ring as everything else", async ({ page }) => {
    await page.goto("/contact");
    await page.keyboard.press("Tab");
    const email = page.locator("main form input[type='email']").first();
    await email.focus();
    const ring = await email.evaluate((el) => ({
      style: getComputedStyle(el).outlineStyle,
      width: getComputedStyle(el).outlineWidth,
      colour: getComputedStyle(el).outlineColor,
    }));
    expect(ring).toEqual({ style: "solid", width: "3px", colour: focusColour });
  });

  test("'Schedule a Call' has the one call-to-action colour on the page and in the footer", async ({ page }) => {
    await page.goto("/solutions");
    const background = (locator: import("@playwright/test").Locator) =>
      locator.evaluate((el) => getComputedStyle(el).backgroundColor);
    const inPage = await background(page.locator("main").getByRole("link", { name: /^Schedule a Call/ }));
    const inFooter = await background(page.getByRole("contentinfo").getByRole("link", { name: /^Schedule a Call/ }));
    const inHeader = await background(
      page
        .getByRole("banner")
        .getByRole("link", { name: /^Schedule Demo/ })
        .first(),
    );
    expect(inPage).toBe("rgb(180, 64, 10)"); // --color-cta-600
    expect(inFooter).toBe(inPage);
    expect(inHeader).toBe(inPage);
  });
});

test.describe("at 320 px wide", () => {
  test.use({ viewport: { width: 320, height: 700 } });
  for (const path of paths) {
    test(`${path} is no wider than the screen and no control touches its edge`, async ({ page }) => {
      await page.goto(path);
      const problems = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const found: string[] = [];
        if (document.documentElement.scrollWidth > width)
          found.push(`page scrolls sideways: ${document.documentElement.scrollWidth}px`);
        const name = (el: Element) =>
          `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""} "${(el.textContent ?? "").trim().slice(0, 30)}"`;
        // Inside a sideways scroller (a wide table) content may be wider: the scroller is what must fit.
        const inScroller = (el: Element) => {
          for (let p = el.parentElement; p; p = p.parentElement)
            if (/(auto|scroll)/.test(getComputedStyle(p).overflowX)) return true;
          return false;
        };
        // Visually hidden on purpose: the sr-only pattern (clipped) and the honeypot (in a 1 px box).
        const visuallyHidden = (el: Element) => {
          for (let e: Element | null = el; e; e = e.parentElement) {
            const s = getComputedStyle(e);
            if (s.clipPath !== "none" || (s.overflow === "hidden" && e.getBoundingClientRect().width <= 1)) return true;
          }
          return false;
        };
        for (const el of document.body.querySelectorAll("*")) {
          const box = el.getBoundingClientRect();
          if (
            box.width <= 1 ||
            box.height <= 1 ||
            getComputedStyle(el).visibility === "hidden" ||
            inScroller(el) ||
            visuallyHidden(el)
          )
            continue;
          if (box.right > width + 0.5 || box.left < -0.5)
            found.push(`${name(el)} spans ${Math.round(box.left)}–${Math.round(box.right)}`);
          else if (el.matches("a, button, input, textarea, select, summary") && (box.left < 8 || box.right > width - 8))
            found.push(`${name(el)} touches the edge: ${Math.round(box.left)}–${Math.round(box.right)}`);
        }
        return found.slice(0, 10);
      });
      expect(problems).toEqual([]);
    });
  }
});
