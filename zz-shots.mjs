// usage: node shots.mjs outdir path[,path...] [widths]
import { chromium } from "playwright";
const [out, paths, widthsArg] = process.argv.slice(2);
const widths = (widthsArg ?? "1440,390,320").split(",").map(Number);
const heights = { 1440: 900, 390: 844, 320: 640 };
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"] });
for (const w of widths) {
  const page = await browser.newPage({ viewport: { width: w, height: heights[w] ?? 800 } });
  await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (r) => r.abort());
  for (const p of paths.split(",")) {
    await page.goto("http://localhost:3000" + p, { waitUntil: "networkidle" });
    const name = p.replace(/[^a-z0-9]+/gi, "_") || "home";
    const total = await page.evaluate(() => document.documentElement.scrollHeight);
    const steps = Number(process.env.STEPS ?? 1);
    for (let i = 0; i < steps; i++) {
      await page.evaluate((y) => window.scrollTo(0, y), i * (heights[w] ?? 800) * 0.9);
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${out}/${name}-${w}-${i}.png` });
    }
    if (process.env.PRINT) await page.pdf({ path: `${out}/${name}.pdf` });
  }
  await page.close();
}
await browser.close();
