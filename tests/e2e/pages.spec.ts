/**
 * Every page's own content (requirements §2): headings, links, embedded frames, the feature tab menu,
 * collapsible details, the demo navigation bar, the Feature List PDF, the structured data
 * and the sitemap. The shell (header, footer, head tags) is covered by shell.spec.ts.
 */
import type { Page } from "@playwright/test";
import { sitePaths } from "../../scripts/site-paths.ts";
import { expect, test } from "./fixtures.ts";

const siteUrl = "https://www.tallyway.example";
const paths = await sitePaths();

const main = (page: Page) => page.locator("main");

/** The parameters of a schedule-call link, found by its text (it opens in a new tab and says so). */
async function scheduleParams(page: Page, name: string | RegExp) {
  const href = await main(page)
    .getByRole("link", typeof name === "string" ? { name: `${name} (opens in a new tab)`, exact: true } : { name })
    .first()
    .getAttribute("href");
  const url = new URL(href!);
  return { base: url.origin + url.pathname, ...Object.fromEntries(url.searchParams) };
}

const featureTabs: [string, string][] = [
  ["Project", "/features/project"],
  ["Resource", "/features/resource"],
  ["T+E Item", "/features/time-expense-items"],
  ["T+E Report", "/features/time-expense-reports"],
  ["Billing", "/features/billing"],
  ["Time Off", "/features/time-off"],
  ["Payroll", "/features/payroll-integration"],
];

test.describe("features", () => {
  for (const path of ["/features", ...featureTabs.map(([, to]) => to)]) {
    test(`${path} has the seven tabs with the right one current and highlighted`, async ({ page }) => {
      await page.goto(path);
      const tabs = page.getByRole("navigation", { name: "Features" });
      await expect(tabs.getByRole("link")).toHaveText(featureTabs.map(([label]) => label));
      for (const [label, to] of featureTabs) {
        const tab = tabs.getByRole("link", { name: label, exact: true });
        await expect(tab).toHaveAttribute("href", to);
        if (to === path) {
          await expect(tab).toHaveAttribute("aria-current", "page");
          await expect(tab).toHaveCSS("background-color", "rgb(13, 110, 102)");
          await expect(tab).toHaveCSS("color", "rgb(255, 255, 255)");
        } else {
          await expect(tab).not.toHaveAttribute("aria-current", /.*/);
          await expect(tab).not.toHaveCSS("background-color", "rgb(13, 110, 102)");
        }
      }
    });
  }

  test("on a phone the tab bar scrolls the current tab into view", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/features/payroll-integration");
    const tabs = page.getByRole("navigation", { name: "Features" });
    await expect(tabs.getByRole("link", { name: "Payroll" })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("the feature pages' text links internally to /features/project, and the link navigates in the app", async ({
    page,
  }) => {
    await page.goto("/features/resource");
    const link = main(page).locator(".prose a[href='/features/project']").first();
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL("/features/project");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Project Management");
    await expect(
      page.getByRole("navigation", { name: "Features" }).getByRole("link", { name: "Project" }),
    ).toHaveAttribute("aria-current", "page");
  });

  test("the overview covers each feature and the feature pages state the product facts", async ({ page }) => {
    await page.goto("/features");
    // One card per feature (issue 34: the overview no longer repeats them as text sections).
    await expect(main(page).getByRole("list", { name: "All features" }).locator(":scope > li > a")).toHaveCount(7);
    await page.goto("/features/time-expense-items");
    await expect(main(page)).toContainText("decimal hours");
    await expect(main(page)).toContainText("next 5 or 15 minutes");
    await page.goto("/features/payroll-integration");
    await expect(main(page)).toContainText("up to 5 weeks");
    for (const type of ["Weekly", "Semimonthly", "Monthly"])
      await expect(main(page).getByRole("cell", { name: type, exact: true })).toBeVisible();
    await page.goto("/features/time-off");
    for (const frequency of ["Weekly", "Semi-monthly", "Monthly", "Yearly", "Once"])
      await expect(main(page).getByRole("cell", { name: frequency, exact: true })).toBeVisible();
    await page.goto("/features/time-expense-items");
    for (const typed of ["90", "1:30", "1.5"])
      await expect(main(page).getByRole("cell", { name: typed, exact: true })).toBeVisible();
    await expect(main(page)).toContainText("require a daily description");
    await page.goto("/features/time-expense-reports");
    await expect(main(page)).toContainText("Manual approval");
    await expect(main(page)).toContainText("Automatic approval");
  });
});

test.describe("products, solutions, blog", () => {
  test("products shows both apps with the three prices and what is included or charged", async ({ page }) => {
    await page.goto("/products");
    const apps = main(page).getByRole("list", { name: "Apps and prices" });
    await expect(apps.getByRole("heading", { level: 2 })).toHaveText(["Tallyway Time + Expense", "Tallyway TE Pro"]);
    const enterprise = apps.getByRole("group", { name: "Price of Tallyway Time + Expense" });
    await expect(enterprise).toContainText("USD 8.33 per user per month");
    await expect(enterprise).toContainText("or USD 999 a year for a pack of 10 users");
    await expect(apps.getByRole("group", { name: "Price of Tallyway TE Pro" })).toContainText("USD 999 per year");
    await expect(main(page).getByRole("heading", { name: "Every plan includes" })).toBeVisible();
    await expect(main(page).getByRole("heading", { name: "What is charged" })).toBeVisible();
    await expect(main(page)).toContainText("Only development work is charged separately");
    await expect(main(page).getByRole("link", { name: "+1 555 010 0199" })).toHaveAttribute("href", "tel:+15550100199");
  });

  test("solutions covers consulting, field work, installation and support, creative agencies", async ({ page }) => {
    await page.goto("/solutions");
    const segments = ["Consulting", "Field work", "Installation and support", "Creative agencies"];
    for (const name of segments)
      await expect(main(page).getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
    const jump = main(page).getByRole("navigation", { name: "Solutions on this page" }).getByRole("link");
    await expect(jump).toHaveText(segments);
    await jump.nth(3).click();
    await expect(page).toHaveURL(/#creative-agencies$/);
    await expect(main(page).getByRole("heading", { name: "Not sure where you fit?" })).toBeVisible();
  });

  test("each solution shows a picture of its day and its next steps: a feature page and a demo", async ({ page }) => {
    await page.goto("/solutions");
    const steps: [string, string, string, string][] = [
      ["Consulting", "/features/project", "Watch the Weekly Timesheet demo", "/demo-timesheet"],
      ["Field work", "/features/time-expense-items", "Watch the Timer demo", "/demo-timer"],
      [
        "Installation and support",
        "/features/time-expense-reports",
        "Watch the Capture Time from Case demo",
        "/demo-classic#classic-1",
      ],
      ["Creative agencies", "/features/resource", "Watch the Project Allocation demo", "/demo-project-allocation"],
    ];
    for (const [name, feature, demo, demoPath] of steps) {
      const segment = main(page).getByRole("region", { name, exact: true });
      const picture = segment.getByRole("img");
      await expect(picture).toHaveAttribute("alt", /\w{4,}/);
      await picture.scrollIntoViewIfNeeded();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      await expect(segment.getByRole("link", { name: /^See / })).toHaveAttribute("href", feature);
      await expect(segment.getByRole("link", { name: demo })).toHaveAttribute("href", demoPath);
    }
    await main(page).getByRole("link", { name: "Watch the Capture Time from Case demo" }).click();
    await expect(page).toHaveURL(/\/demo-classic#classic-1$/);
    await expect(main(page).getByRole("heading", { name: "Capture Time from Case", exact: true })).toBeInViewport();
  });

  test("the blog is a placeholder that says so and points to demos and features", async ({ page }) => {
    await page.goto("/blog");
    await expect(main(page).getByRole("heading", { level: 2 })).toHaveText([
      "Our blog is coming soon",
      "Stay in the loop",
    ]);
    await expect(main(page).getByRole("link", { name: "recorded product demos" })).toHaveAttribute("href", "/demo");
    await expect(main(page).getByRole("link", { name: "features" })).toHaveAttribute("href", "/features");
  });
});

test.describe("support, contact, about, media", () => {
  test("support links the documentation, e-mail and phone, and embeds the titled scheduler at least 950 px tall", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    // The scheduler answers (a stand-in page), so the frame itself shows at the height §9 asks.
    await page.route("https://schedule.tallyway.example/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Scheduler</title><h1>Pick a time</h1>" }),
    );
    await page.goto("/support");
    await expect(main(page).getByRole("link", { name: "Open the documentation" })).toHaveAttribute(
      "href",
      "https://docs.tallyway.example",
    );
    await expect(main(page).getByRole("link", { name: "support@tallyway.example" })).toHaveAttribute(
      "href",
      "mailto:support@tallyway.example",
    );
    await expect(main(page).getByRole("link", { name: "+1 555 010 0199" })).toHaveAttribute("href", "tel:+15550100199");
    await expect(page.locator("iframe")).toHaveCount(0); // lazy: nothing loads until it is scrolled near
    const frame = page.locator("iframe[title='Appointment scheduler']");
    await main(page).getByRole("heading", { name: "Book a support or setup appointment" }).scrollIntoViewIfNeeded();
    await expect(frame).toHaveAttribute("loading", "lazy");
    const src = new URL((await frame.getAttribute("src"))!);
    expect(src.origin + src.pathname).toBe("https://schedule.tallyway.example/book");
    expect(Object.fromEntries(src.searchParams)).toMatchObject({ type: "support", ui: "embed" });
    await expect(page.locator("[data-state]")).toHaveAttribute("data-state", "shown");
    expect((await frame.boundingBox())!.height).toBeGreaterThanOrEqual(950);
    // The link below the frame also takes the visitor there.
    await expect(main(page).getByRole("link", { name: /Open the scheduler in a new tab/ })).toHaveAttribute(
      "target",
      "_blank",
    );
  });

  test("contact: 'Contact Us', schedule-call button, e-mail and phone links, postal address", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    expect(await scheduleParams(page, "Schedule a Call")).toMatchObject({
      base: "https://schedule.tallyway.example/book",
      source: "marketing site",
      ui: "page",
    });
    await expect(main(page).getByRole("link", { name: "support@tallyway.example" })).toHaveAttribute(
      "href",
      "mailto:support@tallyway.example",
    );
    await expect(main(page).getByRole("link", { name: "+1 555 010 0199" })).toHaveAttribute("href", "tel:+15550100199");
    await expect(main(page).locator("address")).toHaveText(
      /Tallyway Inc\.\s*100 Example Street, Suite 200\s*Springfield, USA/,
    );
  });

  test("about: 'About – Company' with the about-home content and a schedule-a-call widget of type about", async ({
    page,
  }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About – Tallyway Inc.");
    for (const heading of ["Our history", "Partner status", "Our products", "Services", "Contact"])
      await expect(main(page).getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
    await expect(main(page).getByRole("link", { name: "sales@tallyway.example" })).toHaveAttribute(
      "href",
      "mailto:sales@tallyway.example",
    );
    await expect(main(page).getByRole("link", { name: "support@tallyway.example" })).toHaveAttribute(
      "href",
      "mailto:support@tallyway.example",
    );
    await expect(main(page).getByRole("link", { name: "+1 555 010 0199" })).toHaveAttribute("href", "tel:+15550100199");
    expect(await scheduleParams(page, "Schedule a Call")).toMatchObject({
      type: "about",
      source: "marketing site",
      ui: "page",
    });
  });

  test("media: 'Media' links the Feature List PDF in a new tab", async ({ page }) => {
    await page.goto("/media");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Media");
    const links = main(page).getByRole("link");
    await expect(links).toHaveCount(1);
    await expect(links).toHaveAttribute("href", "/media/Tallyway_FeatureList.pdf");
    await expect(links).toHaveAttribute("target", "_blank");
    await expect(links).toContainText("Feature List (PDF)");
  });

  test("the Feature List PDF is served as application/pdf and has a cover and a page per feature", async ({
    request,
  }) => {
    const response = await request.get("/media/Tallyway_FeatureList.pdf");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    const pdf = (await response.body()).toString("latin1");
    expect(pdf.startsWith("%PDF-")).toBe(true);
    const pages = pdf.match(/\/Type\s*\/Page(?!s)/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(9); // cover, contents, seven features
  });
});

test.describe("legal", () => {
  test("privacy: last updated November 2020, every required topic in the contents, the spec's numbers", async ({
    page,
  }) => {
    await page.goto("/privacy");
    await expect(main(page)).toContainText("Last updated: November 2020");
    const contents = main(page).getByRole("navigation", { name: "Contents" }).getByRole("link");
    for (const topic of [
      /collect/,
      /Cookies/,
      /Sharing/,
      /Retention/,
      /GDPR/,
      /CCPA/,
      /Do Not Track/,
      /minors/,
      /Contact/,
    ])
      await expect(contents.filter({ hasText: topic })).toHaveCount(1);
    await contents.filter({ hasText: "CCPA" }).click();
    await expect(page).toHaveURL(/#your-rights-under-the-ccpa$/);
    const text = await main(page).innerText();
    expect(text).toContain("within 45 days");
    expect(text).toContain("extended once by another 45 days");
    expect(text).toContain("12 months preceding");
    expect(text).toContain("minors under 16");
    expect(text).toContain("between 13 and 16");
    expect(text).toContain("lasts two years");
  });

  test("terms: last updated January 2015, over 18, 30 days notice, a link to /contact", async ({ page }) => {
    await page.goto("/terms");
    await expect(main(page)).toContainText("Last updated: January 2015");
    await expect(main(page)).toContainText("over 18 years of age");
    await expect(main(page)).toContainText("at least 30 days before");
    await expect(main(page).getByRole("link", { name: "contact page" })).toHaveAttribute("href", "/contact");
  });
});

test.describe("security", () => {
  test("every footer leads to /security, which says where data lives and how to report a vulnerability", async ({
    page,
  }) => {
    await page.goto("/features/billing");
    await page
      .getByRole("contentinfo")
      .getByRole("navigation", { name: "Product" })
      .getByRole("link", { name: "Security" })
      .click();
    await expect(page).toHaveURL(/\/security$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Security");
    const contents = main(page).getByRole("navigation", { name: "Contents" }).getByRole("link");
    await expect(contents).toHaveText([
      "Where your data lives",
      "What the app asks of your org",
      "What this website keeps, and for how long",
      "Report a vulnerability",
    ]);
    await contents.filter({ hasText: "Report a vulnerability" }).click();
    await expect(page).toHaveURL(/#report-a-vulnerability$/);
    const report = main(page).getByRole("region", { name: "Report a vulnerability" });
    await expect(report.getByRole("link", { name: "security@tallyway.example" })).toHaveAttribute(
      "href",
      "mailto:security@tallyway.example",
    );
    await report.getByRole("link", { name: "/.well-known/security.txt" }).click();
    await expect(page).toHaveURL(/\/\.well-known\/security\.txt$/);
  });

  test("/.well-known/security.txt is plain text whose contact and policy are real", async ({ request }) => {
    const response = await request.get("/.well-known/security.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const fields = Object.fromEntries(
      (await response.text())
        .trim()
        .split("\n")
        .map((line) => line.split(/: (.*)/s).slice(0, 2)),
    );
    expect(fields.Contact).toBe("mailto:security@tallyway.example");
    expect(fields.Canonical).toBe(`${siteUrl}/.well-known/security.txt`);
    const expires = Date.parse(fields.Expires);
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires - Date.now()).toBeLessThan(365 * 86_400_000);
    // The policy it names is a section of the served page.
    const policy = new URL(fields.Policy);
    expect(policy.origin).toBe(siteUrl);
    const html = await (await request.get(policy.pathname)).text();
    expect(html).toContain(`id="${policy.hash.slice(1)}"`);
  });
});

test.describe("demos", () => {
  test("/demo lists the five demos, embeds the titled slides and offers a live demo", async ({ page }) => {
    await page.route("https://slides.tallyway.example/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Slides</title><h1>Slide 1</h1>" }),
    );
    await page.goto("/demo");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product Demos");
    for (const to of ["/demo-timesheet", "/demo-timer", "/demo-new-te", "/demo-project-allocation", "/demo-classic"])
      await expect(main(page).locator(`a[href='${to}']`)).toHaveCount(1);
    expect(await scheduleParams(page, "Schedule Demo")).toMatchObject({ type: "demo", source: "marketing site" });
    await main(page).getByRole("heading", { name: "The product in slides" }).scrollIntoViewIfNeeded();
    const frame = page.locator("iframe[title='Product presentation slides']");
    await expect(frame).toHaveAttribute("src", "https://slides.tallyway.example/embed/product-tour");
    await expect(frame).toHaveAttribute("loading", "lazy");
    await expect(page.locator("[data-state]")).toHaveAttribute("data-state", "shown");
    expect((await frame.boundingBox())!.height).toBeGreaterThanOrEqual(480);
  });

  const demoNav: [string, { previous?: string; up: string; next?: string }][] = [
    ["/demo-timesheet", { up: "/demo", next: "/demo-timer" }],
    ["/demo-timer", { previous: "/demo-timesheet", up: "/demo", next: "/demo-new-te" }],
    ["/demo-new-te", { previous: "/demo-timer", up: "/demo" }],
    ["/demo-project-allocation", { up: "/demo" }],
    ["/demo-classic", { up: "/demo" }],
  ];
  for (const [path, links] of demoNav) {
    test(`${path} shows exactly the up/previous/next links of requirements §2`, async ({ page }) => {
      await page.goto(path);
      const nav = page.getByRole("navigation", { name: "Demo pages" });
      const expected = [
        links.previous && ["Previous", links.previous],
        ["Demo Home", links.up],
        links.next && ["Next", links.next],
      ].filter(Boolean);
      const actual = await nav
        .getByRole("link")
        .evaluateAll((as) => as.map((a) => [a.textContent!.replace(/[←↑→]/g, "").trim(), a.getAttribute("href")]));
      expect(actual).toEqual(expected);
    });
  }

  for (const path of ["/demo-timesheet", "/demo-timer", "/demo-new-te"]) {
    test(`${path} has a video and step-by-step details that open and close`, async ({ page }) => {
      await page.goto(path);
      const videoId = {
        "/demo-timesheet": "tw-timesheet-01",
        "/demo-timer": "tw-timer-01",
        "/demo-new-te": "tw-new-te-01",
      }[path]!;
      await expect(main(page).getByRole("button", { name: /^Play video:/ })).toBeVisible();
      await expect(main(page).getByRole("link", { name: /Watch on YouTube/ })).toHaveAttribute(
        "href",
        `https://www.youtube.com/watch?v=${videoId}`,
      );
      // A native <details>: its summary is the toggle, and it opens before and without the app.
      const details = main(page).locator("details", { hasText: "Step by step" });
      const toggle = details.locator("summary");
      const panel = details.locator("summary + div");
      const arrow = toggle.locator("svg");
      await expect(details).not.toHaveAttribute("open");
      await expect(panel).toBeHidden();
      await expect(arrow).toHaveAttribute("data-arrow", "down");
      await toggle.click();
      await expect(details).toHaveAttribute("open");
      await expect(panel).toBeVisible();
      await expect(panel.getByRole("listitem").first()).toBeVisible();
      await expect(arrow).toHaveAttribute("data-arrow", "up");
      await toggle.press("Enter"); // keyboard operable
      await expect(details).not.toHaveAttribute("open");
      await expect(panel).toBeHidden();
      await expect(arrow).toHaveAttribute("data-arrow", "down");
    });
  }

  test("the timer and timesheet demos describe the flows of requirements §4", async ({ page }) => {
    await page.goto("/demo-timer");
    await main(page).locator("summary", { hasText: "Step by step" }).click();
    for (const step of ["Start", "Stop", "Continue", "Reset", "Update", "Complete"])
      await expect(main(page)).toContainText(step);
    await page.goto("/demo-timesheet");
    await main(page).locator("summary", { hasText: "Step by step" }).click();
    for (const text of ["decimal", "read-only", "rejected or retracted", "ten additional"])
      await expect(main(page)).toContainText(text);
  });

  test("/demo-project-allocation: heading, video about assigning people, up link to Demo Home", async ({ page }) => {
    await page.goto("/demo-project-allocation");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Project Allocation Demo");
    await expect(main(page)).toContainText("Assigning people to projects and deliverables");
    await expect(
      page.getByRole("navigation", { name: "Demo pages" }).getByRole("link", { name: /Demo Home/ }),
    ).toHaveAttribute("href", "/demo");
  });

  test("/demo-classic: the live-demo widget and four video sections with expandable details", async ({ page }) => {
    await page.goto("/demo-classic");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Classic UI Demos");
    await expect(main(page).getByRole("heading", { name: "Pick a good time for your live Demo" })).toBeVisible();
    expect(await scheduleParams(page, "Schedule a Call")).toMatchObject({
      source: "marketing site",
      type: "demo_classic",
    });
    const sections: [string, string[]][] = [
      ["Timesheet", ["decimal hours", "Project selection modes", "Activity types", "Custom fields", "ten additional"]],
      [
        "Capture Time from Case",
        ["Capture Time button", "Only the projects of the case's account", "published to the case", "history"],
      ],
      [
        "Enter Time on Mobile",
        ["platform credentials", "90 minutes, 1:30 or 1.5", "timer", "Check in and check out", "View your timesheet"],
      ],
      [
        "Submit your Timesheet",
        ["total hours", "Per diems", "Submit for approval", "E-mail reminders", "Several timesheets per week"],
      ],
    ];
    await expect(main(page).getByRole("heading", { level: 2 }).filter({ hasNotText: "Pick a good time" })).toHaveText(
      sections.map(([title]) => title),
    );
    for (const [title, facts] of sections) {
      const toggle = main(page)
        .locator("summary")
        .filter({ has: page.getByRole("heading", { name: `${title}: details`, exact: true }) });
      const panel = toggle.locator("+ div");
      await expect(panel).toBeHidden();
      await toggle.click();
      for (const fact of facts) await expect(panel).toContainText(fact);
      await expect(toggle.locator("svg")).toHaveAttribute("data-arrow", "up");
      await toggle.click();
      await expect(panel).toBeHidden();
      await expect(toggle.locator("svg")).toHaveAttribute("data-arrow", "down");
    }
  });
});

/** The types named in a page's JSON-LD (top level of each graph). */
async function structuredDataTypes(page: Page): Promise<string[]> {
  const scripts = await page.locator('head script[type="application/ld+json"]').allTextContents();
  expect(scripts.length).toBeGreaterThan(0);
  return scripts.flatMap((text) => {
    const data = JSON.parse(text) as { "@context": string; "@graph": { "@type": string }[] };
    expect(data["@context"]).toBe("https://schema.org");
    return data["@graph"].map((node) => node["@type"]);
  });
}

test.describe("structured data", () => {
  const expectedTypes = (path: string): string[] => {
    if (path === "/") return ["Organization", "SoftwareApplication", "SoftwareApplication"];
    if (path === "/products") return ["Organization", "SoftwareApplication", "SoftwareApplication", "FAQPage"];
    if (path === "/demo-classic")
      return ["Organization", "VideoObject", "VideoObject", "VideoObject", "VideoObject", "BreadcrumbList"];
    if (["/demo-timesheet", "/demo-timer", "/demo-new-te", "/demo-project-allocation"].includes(path))
      return ["Organization", "VideoObject", "BreadcrumbList"];
    if (path === "/demo" || path.startsWith("/features")) return ["Organization", "BreadcrumbList"];
    return ["Organization"];
  };
  for (const path of paths) {
    test(`${path} has JSON-LD that parses and names ${expectedTypes(path).join(", ")}`, async ({ page }) => {
      await page.goto(path);
      expect(await structuredDataTypes(page)).toEqual(expectedTypes(path));
    });
  }

  test("the apps' offers carry the three prices in USD, and breadcrumbs end at the page", async ({ page }) => {
    await page.goto("/products");
    const graph = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!)["@graph"];
    const offers = graph.flatMap((node: { offers?: { price: string; priceCurrency: string }[] }) => node.offers ?? []);
    expect(offers.map((o: { price: string; priceCurrency: string }) => `${o.priceCurrency} ${o.price}`)).toEqual([
      "USD 8.33",
      "USD 999",
      "USD 999",
    ]);
    await page.goto("/features/billing");
    const crumbs = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!)["@graph"].at(
      -1,
    ).itemListElement;
    expect(crumbs.map((c: { name: string; item: string }) => [c.name, c.item])).toEqual([
      ["Home", `${siteUrl}/`],
      ["Features", `${siteUrl}/features`],
      ["Billing", `${siteUrl}/features/billing`],
    ]);
  });
});

test.describe("sitemap and robots", () => {
  test("the sitemap lists every route of the route table and only real pages", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(siteUrl, ""));
    expect([...listed].sort()).toEqual([...paths].sort());
    expect(listed).toHaveLength(25);
    for (const path of listed) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expect(await response.text(), path).toMatch(/<h1[^>]*>/);
    }
    expect((await request.get("/no-such-page", { maxRedirects: 0 })).status()).toBeGreaterThanOrEqual(300);
  });

  test("robots.txt allows crawling and names the sitemap", async ({ request }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Allow: /");
    expect(robots).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
  });
});
