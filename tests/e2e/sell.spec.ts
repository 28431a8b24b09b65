/**
 * What issue 22 asks of a site that sells: the brand font loaded and used, the section's header band,
 * pricing a buyer understands with its FAQ and FAQPage data, one call-to-action vocabulary that opens
 * the scheduler with its type, the /about widget, the print stylesheet and no route wider than 320 px.
 */

import type { Page } from "@playwright/test";
import { sitePaths } from "../../scripts/site-paths.ts";
import { expect, test } from "./fixtures.ts";

const paths = await sitePaths();

test.describe("brand type", () => {
  test("Inter is loaded from our origin and used by headings and body text", async ({ page, baseURL }) => {
    const fontRequests: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fontRequests.push(request.url());
    });
    await page.goto("/products");
    await page.evaluate(() => document.fonts.ready);
    const state = await page.evaluate(() => ({
      loaded: [...document.fonts].filter(
        (face) => face.family.replace(/"/g, "") === "Inter" && face.status === "loaded",
      ).length,
      check: document.fonts.check('16px "Inter"'),
      heading: getComputedStyle(document.querySelector("h1")!).fontFamily,
      body: getComputedStyle(document.querySelector("main p")!).fontFamily,
      preload: document.querySelector('link[rel="preload"][as="font"]')?.getAttribute("href"),
    }));
    expect(state.loaded).toBe(1);
    expect(state.check).toBe(true);
    for (const family of [state.heading, state.body]) expect(family).toMatch(/^"?Inter"?, "Inter Fallback"/);
    expect(state.preload).toMatch(/^\/assets\/inter-latin-wght-400-700-[\w-]+\.woff2$/);
    // Preloaded and used: one download, from our own origin.
    expect(fontRequests).toEqual([new URL(state.preload!, baseURL).href]);
  });

  test("each part of the site has its own header band", async ({ page }) => {
    const bandOf = async (path: string) => {
      await page.goto(path);
      return page.locator(".page-band").evaluate((band) => getComputedStyle(band).backgroundColor);
    };
    const [product, demos, company] = [
      await bandOf("/features/billing"),
      await bandOf("/demo-classic"),
      await bandOf("/about"),
    ];
    expect(new Set([product, demos, company]).size).toBe(3);
    expect(await bandOf("/products")).toBe(product);
    expect(await bandOf("/demo")).toBe(demos);
    expect(await bandOf("/privacy")).toBe(company);
  });
});

const main = (page: Page) => page.locator("main");
const normalized = (text: string) => text.replace(/\s+/g, " ");

test.describe("pricing a buyer understands", () => {
  test("/products states each price once in its cards, in one form, with what it covers", async ({ page }) => {
    await page.goto("/products");
    // The cards state the prices; the calculator below works with them.
    const text = normalized(await main(page).getByRole("list", { name: "Apps and prices" }).innerText());
    expect(text.match(/8\.33/g)).toHaveLength(1);
    // Two different prices that happen to share the amount: the Enterprise 10-user pack and the Professional year.
    expect(text.match(/999/g)).toHaveLength(2);
    expect(text.match(/USD 999 a year for a pack of 10 users/g)).toHaveLength(1);
    const pro = main(page).getByRole("group", { name: "Price of Tallyway TE Pro" });
    await expect(pro).toContainText("per year");
    await expect(pro).toContainText("no per-user fee");
    await expect(main(page).getByRole("group", { name: "Price of Tallyway Time + Expense" })).toContainText(
      "Each user",
    );
  });

  test("each plan offers installing from the marketplace beside Schedule Demo", async ({ page }) => {
    await page.goto("/products");
    for (const plan of await main(page).getByRole("list", { name: "Apps and prices" }).locator(":scope > li").all()) {
      await expect(plan.getByRole("link", { name: /^Schedule Demo/ })).toHaveAttribute("href", /type=demo/);
      await expect(plan).toContainText("Includes setup, support and the whole app.");
      await expect(plan.getByRole("link", { name: /^Install from the marketplace/ })).toHaveAttribute(
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

  for (const [width, height, screens] of [
    [1440, 900, 1],
    [390, 844, 2],
  ]) {
    test(`at ${width} px both plans' prices and the calculator's users field are within ${screens} screen(s)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await page.goto("/products");
      const bottoms = await Promise.all(
        [
          main(page).getByRole("group", { name: "Price of Tallyway Time + Expense" }),
          main(page).getByRole("group", { name: "Price of Tallyway TE Pro" }),
          main(page).getByRole("region", { name: "What your team would pay" }).getByLabel("Users"),
        ].map(async (locator) => {
          const box = (await locator.boundingBox())!;
          return box.y + box.height;
        }),
      );
      for (const bottom of bottoms) expect(bottom).toBeLessThanOrEqual(height * screens);
    });
  }

  test("the calculator works out a year for 1, 10, 25 and 101 users from the prices the cards state, and which way is cheaper", async ({
    page,
  }) => {
    await page.goto("/products");
    const calculator = main(page).getByRole("region", { name: "What your team would pay" });
    const users = calculator.getByLabel("Users");
    const yearly = () =>
      calculator
        .locator("[data-costs] li")
        .evaluateAll((items) => items.map((item) => /USD [\d,.]+(?= a year)/.exec(item.textContent ?? "")?.[0]));
    // 8.33 a user a month; 999 a year per pack of 10; 999 a year for the org (the cards above).
    const expected: Record<number, string[]> = {
      1: ["USD 99.96", "USD 999", "USD 999"],
      10: ["USD 999.60", "USD 999", "USD 999"],
      25: ["USD 2,499", "USD 2,997", "USD 999"],
      101: ["USD 10,095.96", "USD 10,989", "USD 999"],
    };
    for (const [count, figures] of Object.entries(expected)) {
      await users.fill(count);
      await expect.poll(yearly).toEqual(figures);
    }
    await expect(calculator).toContainText("11 packs × USD 999 (room for 110 users)");
    // Which of Enterprise's two ways to pick, with the difference, and the cheaper one marked.
    const advice: Record<number, [string, string]> = {
      5: ["For 5 users, paying per user is cheaper by USD 499.20 a year.", "Per user, by the month"],
      10: ["For 10 users, buying 1 pack of 10 is cheaper by USD 0.60 a year.", "In packs of 10 users, by the year"],
      25: ["For 25 users, paying per user is cheaper by USD 498 a year.", "Per user, by the month"],
      100: ["For 100 users, buying 10 packs of 10 is cheaper by USD 6 a year.", "In packs of 10 users, by the year"],
    };
    for (const [count, [sentence, way]] of Object.entries(advice)) {
      await users.fill(count);
      await expect(calculator.getByText(sentence)).toBeVisible();
      await expect(calculator.locator("[data-costs] li").filter({ hasText: "Cheaper" })).toHaveCount(1);
      await expect(calculator.locator("[data-costs] li").filter({ hasText: "Cheaper" })).toContainText(way);
    }
    await users.fill("0");
    await expect(calculator.getByText("Enter a whole number of users from 1 to 100,000.")).toBeVisible();
    await expect(users).toHaveAttribute("aria-invalid", "true");
  });

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
    [320, 640],
  ] as const)
    test(`the self-serve path is a control with what trying takes, in the first screen of / at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await page.goto("/");
      const install = main(page).getByRole("link", { name: /^Install from the marketplace/ });
      await expect(install).toHaveAttribute("href", "https://marketplace.tallyway.example/listing/tallyway");
      await expect(install).toBeInViewport({ ratio: 1 });
      // Button-sized, framed: not a phrase in a sentence.
      const box = (await install.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(await install.evaluate((element) => getComputedStyle(element).borderTopWidth)).not.toBe("0px");
      await expect(main(page).getByText("Try it in a sandbox org first; setup help is included.")).toBeInViewport();
      const prices = main(page).getByRole("link", { name: "See prices" });
      await expect(prices.locator("..")).toContainText("From USD 8.33 per user per month.");
      // The price line follows the start; at 320 × 640 it is just below the first screen.
      if (width > 320) await expect(prices).toBeInViewport();
    });

  test("no marketplace rating shows, on the page or in the structured data, until the company sets one", async ({
    page,
  }) => {
    for (const path of ["/", "/products"]) {
      await page.goto(path);
      await expect(page.getByRole("link", { name: /^Rated .* out of 5/ })).toHaveCount(0);
      const data = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(data.join("")).not.toContain("aggregateRating");
      expect(data.join(""), path).toContain("SoftwareApplication");
    }
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

/** The spec's call-to-action labels and the scheduler type each opens ("Schedule a Call" takes its page's type). */
const scheduleActions: Record<string, string[]> = {
  "Schedule Demo": ["demo"],
  "Schedule Installation / Setup": ["setup"],
  "Schedule a Call": ["Lead", "about", "contact", "demo_classic", "solutions", "video"],
};
const schedulerBase = "https://schedule.tallyway.example/book";

test.describe("one call-to-action vocabulary", () => {
  for (const path of paths) {
    test(`${path}: every scheduler link wears a spec label and opens the scheduler with its type`, async ({ page }) => {
      await page.goto(path);
      const links = await page.locator("body a").evaluateAll((anchors) =>
        anchors.map((a) => ({
          href: (a as HTMLAnchorElement).href,
          // The visible label, without the screen-reader hint "(opens in a new tab)".
          label: [...a.childNodes]
            .filter((node) => !(node instanceof HTMLElement && node.classList.contains("sr-only")))
            .map((node) => node.textContent)
            .join("")
            .trim(),
        })),
      );
      for (const { href, label } of links) {
        // The embedded scheduler's own "open it elsewhere" link (ui=embed, /support) belongs to its frame.
        if (href.startsWith(schedulerBase) && new URL(href).searchParams.get("ui") !== "embed") {
          const url = new URL(href);
          expect(Object.keys(scheduleActions), href).toContain(label);
          expect(scheduleActions[label], `${label} opens type ${url.searchParams.get("type")}`).toContain(
            url.searchParams.get("type"),
          );
          expect(url.searchParams.get("source")).toBe("marketing site");
        } else if (!href.startsWith(schedulerBase)) {
          // No other link is worded as booking something.
          expect(label, href).not.toMatch(/^(schedule|book|talk to)\b/i);
          if (label === "View recorded Demos") expect(new URL(href).pathname).toBe("/demo");
        }
      }
    });
  }
});

test("/about shows its schedule-a-call widget as a card, with type about", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About – Tallyway Inc.");
  const widget = main(page).getByRole("region", { name: "Schedule a Call" });
  await expect(widget).toBeVisible();
  const link = widget.getByRole("link", { name: /^Schedule a Call/ });
  await expect(link).toBeVisible();
  expect(new URL((await link.getAttribute("href"))!).searchParams.get("type")).toBe("about");
  await expect(main(page)).not.toContainText("Use the scheduling widget");
});

test.describe("print", () => {
  for (const path of ["/privacy", "/products", "/about"]) {
    test(`${path} prints without the site's header, menu and footer, with external link targets`, async ({ page }) => {
      await page.goto(path);
      await page.emulateMedia({ media: "print" });
      await expect(page.locator("body > header")).toBeHidden();
      await expect(page.getByRole("contentinfo")).toBeHidden();
      await expect(page.getByRole("button", { name: /menu/i })).toBeHidden();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // A link to a service prints its short address (no tracking query); any other, its whole address.
      const external = main(page).locator('a[href^="http"]').first();
      if ((await external.count()) > 0) {
        const after = await external.evaluate((a) => getComputedStyle(a, "::after").content);
        const printed = (await external.getAttribute("data-print-href")) ?? (await external.getAttribute("href"));
        expect(after).toContain(printed);
        expect(after).not.toContain("?");
      }
      await page.emulateMedia({ media: "screen" });
      await expect(page.locator("body > header")).toBeVisible();
    });
  }

  test("printed FAQ answers are shown with their questions", async ({ page }) => {
    await page.goto("/products");
    await page.emulateMedia({ media: "print" });
    await expect(main(page).getByText("never leave it")).toBeVisible();
  });
});

test.describe("320 px", () => {
  for (const path of paths) {
    test(`${path} is no wider than 320 px`, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 700 });
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    });
  }
});

test.describe("readable screens on phones", () => {
  const shown = (page: Page, selector: string) =>
    main(page)
      .locator(selector)
      .first()
      .evaluate((img: HTMLImageElement) => img.currentSrc);

  for (const [path, selector] of [
    ["/", "[aria-roledescription=slide] img"],
    ["/features/billing", "figure img"],
  ] as const) {
    test(`${path} shows the detail of its screen below 640 px and the whole screen above`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      await expect.poll(() => shown(page, selector)).toMatch(/-detail-[0-9a-f]{10}-\d+\.(avif|webp)$/);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(path);
      await expect
        .poll(() => shown(page, selector))
        .toMatch(/\/assets\/img\/[a-z-]+(?<!-detail)-[0-9a-f]{10}-\d+\.(avif|webp)$/);
    });
  }
});

test("/blog's placeholder offers the newsletter and links to the demos and features", async ({ page }) => {
  await page.goto("/blog");
  await expect(main(page).getByRole("link", { name: "recorded product demos" })).toHaveAttribute("href", "/demo");
  await expect(main(page).getByRole("link", { name: "features" })).toHaveAttribute("href", "/features");
  const newsletter = main(page).locator("#newsletter");
  await expect(newsletter.getByRole("heading", { name: "Stay in the loop" })).toBeVisible();
  await expect(newsletter.getByRole("textbox", { name: /Email/ })).toBeVisible();
  await expect(newsletter.getByRole("button", { name: "Subscribe" })).toBeVisible();
});
