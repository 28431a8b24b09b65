// Every route, loaded and then scrolled through (so lazy embeds are created), breaks no rule
// of the Content-Security-Policy the server sends: no violation event, no console report.
import { sitePaths } from "../../scripts/site-paths.ts";
import { expect, test } from "./fixtures.ts";

const paths = await sitePaths();

test.describe("Content-Security-Policy", () => {
  for (const path of paths) {
    test(`${path} loads with no CSP violation`, async ({ page }) => {
      const reports: string[] = [];
      page.on("console", (message) => {
        if (/Content[- ]Security[- ]Policy/i.test(message.text())) reports.push(message.text());
      });
      await page.addInitScript(() => {
        const seen: string[] = ((window as unknown as { __cspViolations: string[] }).__cspViolations = []);
        document.addEventListener("securitypolicyviolation", (event) =>
          seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
        );
      });
      const response = await page.goto(path);
      expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
      await page.waitForLoadState("networkidle");
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState("networkidle");
      const violations = await page.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
      );
      expect([...violations, ...reports]).toEqual([]);
    });
  }
});

test("client-side navigation to every route breaks no CSP rule", async ({ page }) => {
  const reports: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) reports.push(message.text());
  });
  await page.goto("/");
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { __cspViolations: string[] }).__cspViolations = []);
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  await page.waitForLoadState("networkidle");
  for (const path of [...paths.filter((p) => p !== "/"), "/"]) {
    // React Router's own client-side navigation, as a link click does it.
    await page.evaluate(
      (to) =>
        (
          window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
        ).__reactRouterDataRouter.navigate(to),
      path,
    );
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  }
  const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  expect([...violations, ...reports]).toEqual([]);
});
