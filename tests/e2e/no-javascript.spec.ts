// The site with JavaScript off (a blocked script, a failed chunk, an old browser), against the real
// server: the controls that need no script open natively, and the forms post to the server.
import { expect, test } from "./fixtures";
import { stored } from "./stored.ts";

test.use({ javaScriptEnabled: false });

test("the mobile menu opens and lists the main links", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/products");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Main (mobile)" });
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Support" }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a collapsible section opens and turns its arrow", async ({ page }) => {
  await page.goto("/demo-timesheet");
  const details = page.getByRole("main").locator("details", { hasText: "Step by step" });
  await expect(details.locator("summary + div")).toBeHidden();
  await details.locator("summary").click();
  await expect(details.locator("summary + div").getByRole("listitem").first()).toBeVisible();
  const arrow = details.locator("summary svg");
  await expect.poll(() => arrow.evaluate((svg) => getComputedStyle(svg).rotate)).toBe("180deg");
});

test.describe("the forms post natively to the real server", () => {
  test("a contact post is stored and the visitor sees the success text", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Name").fill("No Script");
    await form.getByLabel("Email").fill("noscript-contact@example.com");
    await form.getByLabel("How can we help?").fill("Sent without JavaScript");
    await form.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/contactUs\/sent$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your question was sent");
    const leads = stored("leads");
    expect(leads).toContain("noscript-contact@example.com");
    expect(leads).toContain("Sent without JavaScript");
  });

  test("an invalid e-mail is stopped by the browser and never reaches the store", async ({ page }) => {
    let posted = false;
    page.on("request", (request) => void (request.method() === "POST" && (posted = true)));
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    const email = form.getByLabel("Email");
    await email.fill("noscript-invalid@");
    await form.getByLabel("How can we help?").fill("Should not arrive");
    await form.getByRole("button", { name: "Submit" }).click();
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
    await expect(page).toHaveURL(/\/contact$/);
    expect(posted).toBe(false);
    expect(stored("leads")).not.toContain("noscript-invalid@");
  });

  test("a newsletter post is stored as pending and the visitor sees what to do next", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Newsletter sign-up" });
    await form.getByLabel("First name").fill("No");
    await form.getByRole("textbox", { name: "Email (required)" }).fill("noscript-news@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/mailingList\/sent$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
    await expect(page.getByRole("main")).toContainText("Confirm subscription");
    expect(stored("subscribers")).toMatch(/noscript-news@example\.com.*pending/);
  });
});

test("the carousel is a strip whose picker links reach every slide", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const carousel = page.getByRole("region", { name: /./ }).and(page.locator("[aria-roledescription=carousel]"));
  const slide = (n: number) => carousel.locator(`#carousel-slide-${n}`);
  const strip = carousel.locator("#carousel-items");
  // Which slide the strip shows: the one whose left edge is the strip's.
  const shown = async (n: number) => (await slide(n).boundingBox())!.x - (await strip.boundingBox())!.x;
  // The first slide sits inside the strip's padding, where the app's stacked carousel shows it too.
  expect(await shown(1)).toBe(8);
  expect(await shown(3)).toBeGreaterThan(100);
  await carousel.getByRole("link", { name: /^Show slide 3 of 4/ }).click();
  await expect.poll(() => shown(3)).toBe(8);
  await expect(slide(3).getByRole("img")).toBeVisible();
  await expect(slide(3).getByRole("link")).toHaveAttribute("href", /^\//);
  // Previous and next need the app to step on from any slide: where no script runs they stay unseen.
  await expect(carousel.getByRole("link", { name: "Next slide" })).toBeHidden();
});

test("a video's play control is a link to the video", async ({ page }) => {
  await page.goto("/demo-timesheet");
  await expect(page.getByRole("main").getByRole("link", { name: /^Play video:/ })).toHaveAttribute(
    "href",
    "https://www.youtube.com/watch?v=tw-timesheet-01",
  );
});
