// axe-core with the WCAG 2.2 AA rule set finds nothing on any route, at phone and desktop width.
import AxeBuilder from "@axe-core/playwright";
import { sitePaths } from "../../scripts/site-paths.ts";
import { expect, test } from "./fixtures.ts";

const paths = await sitePaths();
const viewports = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
];
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

for (const viewport of viewports) {
  test.describe(`axe at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    for (const path of paths) {
      test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
        await page.goto(path, { waitUntil: "load" });
        const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
        const found = results.violations.map(
          (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
        );
        expect(found).toEqual([]);
      });
    }
  });
}
