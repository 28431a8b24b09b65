// The console's Images page in Chromium against the real server: an editor made with the real CLI
// uploads a PNG with the file input and a JPEG by dropping it, sees both listed with thumbnails the
// server resized, is told why an SVG is refused, and the page passes axe and fits 320 px.
// Screenshots at 1440, 390 and 320 px go to test-results/images/.
import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test, uploadThrough } from "./fixtures.ts";
import { e2eDataDir } from "./stored.ts";

const run = Date.now().toString(36);
const password = "plum-kettle-orbit-47";
const editor = `images-editor-${run}@example.com`;
const shots = "test-results/images";

test.beforeAll(() => {
  const added = execFileSync(
    "npm",
    ["run", "-s", "users", "--", "add", editor, "--role", "editor", "--data-dir", e2eDataDir()],
    { input: `${password}\n`, encoding: "utf8" },
  );
  expect(added).toContain(`Added ${editor} (editor)`);
});

/** A picture of this run's own colours, so each run uploads a new image rather than one stored before. */
const picture = (width: number, height: number, seed: number) =>
  sharp({
    create: { width, height, channels: 3, background: { r: (seed * 37) % 256, g: 90, b: (Date.now() >> 8) % 256 } },
  }).composite([
    {
      input: { create: { width: width >> 1, height: height >> 2, channels: 3, background: "#ffffff" } },
      left: width >> 3,
      top: height >> 3,
    },
  ]);

async function signIn(page: Page) {
  await page.goto("/admin", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Email").fill(editor);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
}

test("an editor uploads images by file input and by drop, sees them listed, and is told why an SVG is refused", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Images" }).click();
  await expect(page).toHaveURL(/\/admin\/images$/);
  await expect(page.getByRole("heading", { name: "Images", level: 1 })).toBeVisible();

  // The plain file input: no dragging needed.
  const png = await picture(1200, 800, 1).png().toBuffer();
  const input = page.locator('input[type="file"]');
  await uploadThrough(input, { name: `team-photo-${run}.png`, mimeType: "image/png", buffer: png });
  await expect(page.getByText(`"team-photo-${run}.png" is uploaded (1200 × 800).`)).toBeVisible();
  const list = page.getByRole("list", { name: "Uploaded images" });
  const first = list.getByRole("listitem").filter({ hasText: `team-photo-${run}.png` });
  await expect(first).toContainText(`1200 × 800 px · PNG`);
  await expect(first).toContainText(`uploaded by ${editor}`);
  await expect(first.getByText(/^!\[team photo \w+\]\(\/assets\/uploads\/[a-f0-9]{16}-1200x800\)$/)).toBeVisible();
  await expect(first.getByRole("button", { name: "Copy image address" })).toBeVisible();
  // The thumbnail (decorative: the name is beside it) is the server's 360 px WebP, decoded by the browser.
  const thumbnail = first.locator("img");
  await expect(thumbnail).toHaveAttribute("src", /-1200x800-360\.webp$/);
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(360);

  // A JPEG dropped on the zone.
  const jpeg = await picture(640, 480, 2).jpeg().toBuffer();
  await page.evaluate(
    ([bytes, name]) => {
      const zone = [...document.querySelectorAll("label")].find((label) =>
        label.textContent?.includes("Drop an image"),
      )!;
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type: "image/jpeg" }));
      zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    [[...jpeg], `dropped-${run}.jpg`] as const,
  );
  await expect(page.getByText(`"dropped-${run}.jpg" is uploaded (640 × 480).`)).toBeVisible();
  await expect(list.getByRole("listitem").first()).toContainText(`dropped-${run}.jpg`);
  await expect(list.getByRole("listitem").filter({ hasText: `dropped-${run}.jpg` })).toContainText(
    "640 × 480 px · JPEG",
  );
  await page.screenshot({ path: `${shots}/images-1440.png`, fullPage: true });

  // An SVG, even named .png, is refused with the reason.
  await input.setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(page.getByRole("alert")).toContainText('"logo.png": SVG images are not taken: an SVG can carry script.');
  await page.screenshot({ path: `${shots}/refused-1440.png` });

  const axe = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
  for (const [width, height] of [
    [390, 844],
    [320, 700],
  ]) {
    await page.setViewportSize({ width, height });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await page.screenshot({ path: `${shots}/images-${width}.png`, fullPage: true });
  }
  // The refused SVG answered 415: the browser logs that response, nothing else may appear.
  expect(consoleErrors.filter((error) => !error.includes("415"))).toEqual([]);
});
