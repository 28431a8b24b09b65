// The site with JavaScript off (a blocked script, a failed chunk, an old browser): the controls
// that need no script open natively, against the real server's prerendered pages.
import { expect, test } from "./fixtures";

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
