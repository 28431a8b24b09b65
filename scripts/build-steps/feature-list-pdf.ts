/**
 * Writes the Feature List PDF linked from /media (requirements §2): build/client/media/<slug>_FeatureList.pdf,
 * made from the feature content (content/features-*.md) so it never disagrees with the site.
 * The document is HTML printed by headless Chromium (the same browser the e2e tests use):
 * a brand cover, a contents page, one section per feature, a closing page with prices and
 * contacts, and page numbers in the footer. A build step; `npm run feature-list` prints it on its
 * own and refreshes the prebuilt copy (update-feature-list.ts).
 */
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { renderContent, structuredContent } from "#app/features/content/content.server.ts";
import { features } from "#app/features/catalog/features.ts";
import { plansOf, pricesOf } from "#app/features/catalog/pricing.ts";
import { brandColors, logoMarkSvg, logoTick } from "#common/brand.ts";
import { escapeHtml } from "#common/html.ts";
import { loadSiteConfig, type SiteConfig } from "#common/site.ts";
import type { BuiltSite } from "./output.ts";
import { chromiumLaunchOptions, chromiumPath } from "../chromium.ts";

export interface FeatureSection {
  title: string;
  summary: string;
  path: string;
  html: string;
}

/** Site-relative links in the content become absolute, so they work from the PDF. */
export const absoluteLinks = (html: string, siteUrl: string) => html.replace(/href="\/(?!\/)/g, `href="${siteUrl}/`);

export function featureSections(site: SiteConfig): FeatureSection[] {
  return features.map((feature) => ({
    title: feature.title,
    summary: feature.summary,
    path: feature.path,
    html: absoluteLinks(renderContent(feature.contentKey, site), site.siteUrl),
  }));
}

const {
  ink,
  muted,
  line,
  brand600: brandColor,
  brand900: brandDark,
  brand50: brandLight,
  brand100: onDark,
  accent600: accent,
} = brandColors;
const brand = { ink, muted, line, brand: brandColor, brandDark, brandLight, accent };

const logo = `<svg width="56" height="56" viewBox="0 0 32 32">${logoMarkSvg}</svg>`;

/** The printable HTML of the feature list. */
export function featureListHtml(site: SiteConfig, sections: FeatureSection[], year = new Date().getFullYear()): string {
  const e = escapeHtml;
  const footer = `${e(site.productName)} · Feature List`;
  const prices = plansOf(structuredContent("pricing", site))
    .map(
      (plan) =>
        `<li><strong>${e(plan.name)}</strong> (${e(plan.edition)}): ${pricesOf(plan)
          .map((p) => `USD ${e(p.amount)} ${e(p.unit)}`)
          .join(", or ")}</li>`,
    )
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(site.productName)} Feature List</title>
<style>
  @page { size: A4; margin: 20mm 18mm 22mm;
    @bottom-left { content: "${footer.replace(/"/g, "'")}"; font: 8pt "DejaVu Sans", sans-serif; color: ${brand.muted}; }
    @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 8pt "DejaVu Sans", sans-serif; color: ${brand.muted}; } }
  @page cover { margin: 0; @bottom-left { content: none; } @bottom-right { content: none; } }
  * { box-sizing: border-box; }
  body { margin: 0; font: 10pt/1.55 "DejaVu Sans", "Liberation Sans", sans-serif; color: ${brand.ink}; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  a { color: ${brand.brand}; text-decoration: none; }
  .cover { page: cover; height: 297mm; padding: 30mm 24mm; background: ${brand.brandDark}; color: white; position: relative; overflow: hidden; }
  .cover .circle { position: absolute; border-radius: 50%; }
  .cover .brand { display: flex; align-items: center; gap: 14px; font-size: 22pt; font-weight: 700; position: relative; }
  .cover h1 { font-size: 34pt; line-height: 1.15; margin: 70mm 0 8mm; position: relative; }
  .cover .kicker { text-transform: uppercase; letter-spacing: .12em; font-size: 10pt; color: ${logoTick}; font-weight: 700; position: relative; }
  .cover p { font-size: 13pt; color: ${onDark}; max-width: 140mm; position: relative; }
  .cover .meta { position: absolute; left: 24mm; right: 24mm; bottom: 24mm; font-size: 10pt; color: ${onDark}; border-top: 1px solid rgba(255,255,255,.25); padding-top: 6mm; display: flex; justify-content: space-between; }
  .contents { break-before: page; }
  h2.part { font-size: 20pt; margin: 0 0 6mm; }
  .contents ol { list-style: none; padding: 0; margin: 0; counter-reset: item; }
  .contents ol li { counter-increment: item; display: grid; grid-template-columns: 12mm 1fr; padding: 4mm 0; border-bottom: 1px solid ${brand.line}; }
  .contents ol li::before { content: counter(item, decimal-leading-zero); color: ${brand.brand}; font-weight: 700; font-size: 13pt; }
  .contents strong { font-size: 12pt; display: block; }
  .contents span { color: ${brand.muted}; }
  .included { margin-top: 10mm; padding: 6mm 7mm; border-radius: 4mm; background: ${brand.brandLight}; }
  .included h3 { margin: 0 0 2mm; font-size: 12pt; }
  .included ul { margin: 0; padding-left: 5mm; }
  .feature { break-before: page; }
  .feature header { border-left: 2mm solid ${brand.brand}; padding: 2mm 0 2mm 6mm; margin-bottom: 7mm; }
  .feature .number { text-transform: uppercase; letter-spacing: .1em; font-size: 8.5pt; font-weight: 700; color: ${brand.accent}; }
  .feature h2 { font-size: 22pt; margin: 1mm 0 2mm; line-height: 1.2; }
  .feature header p { margin: 0; font-size: 11.5pt; color: ${brand.muted}; }
  .body h2 { font-size: 13.5pt; margin: 7mm 0 2mm; break-after: avoid; color: ${brand.brandDark}; }
  .body h3 { font-size: 11.5pt; margin: 5mm 0 1.5mm; break-after: avoid; }
  .body p { margin: 0 0 3mm; }
  .body ul, .body ol { margin: 0 0 3mm; padding-left: 6mm; }
  .body li { margin-bottom: 1mm; }
  .body li::marker { color: ${brand.brand}; }
  .body table { width: 100%; border-collapse: collapse; margin: 2mm 0 5mm; font-size: 9.5pt; break-inside: avoid; }
  .body th { text-align: left; background: ${brand.brandLight}; padding: 2mm 3mm; border-bottom: 1.5px solid ${brand.brand}; }
  .body td { padding: 2mm 3mm; border-bottom: 1px solid ${brand.line}; vertical-align: top; }
  .closing { break-before: page; }
  .closing .card { border: 1px solid ${brand.line}; border-radius: 4mm; padding: 6mm 7mm; margin-bottom: 6mm; }
  .closing h3 { margin: 0 0 2mm; font-size: 12.5pt; }
  .closing ul { margin: 0; padding-left: 5mm; }
</style></head>
<body>
  <section class="cover">
    <div class="circle" style="width:190mm;height:190mm;right:-60mm;top:-50mm;background:${brand.brand};opacity:.55"></div>
    <div class="circle" style="width:120mm;height:120mm;right:-30mm;bottom:-30mm;background:${brand.accent};opacity:.35"></div>
    <div class="brand">${logo}<span>${e(site.brand)}</span></div>
    <div class="kicker" style="margin-top:70mm">Feature List</div>
    <h1 style="margin-top:4mm">${e(site.productName)}</h1>
    <p>Time, expense, projects, resources, billing, time off and payroll integration, native inside ${e(site.platformName)}.</p>
    <p>Support and setup included; only development work such as integrations is charged.</p>
    <div class="meta"><span>${e(site.company)} · ${year}</span><span>${e(site.siteUrl.replace(/^https?:\/\//, ""))}</span></div>
  </section>

  <section class="contents">
    <h2 class="part">Contents</h2>
    <ol>${sections.map((s) => `<li><div><strong>${e(s.title)}</strong><span>${e(s.summary)}</span></div></li>`).join("")}</ol>
    <div class="included"><h3>Included with every subscription</h3><ul><li>Setup: installation and configuration with our team.</li><li>Support by e-mail and phone for as long as you subscribe.</li><li>Only development work, such as integrations with other systems, is charged separately.</li></ul></div>
  </section>

  ${sections
    .map(
      (s, i) => `<section class="feature">
    <header><div class="number">Feature ${i + 1} of ${sections.length}</div><h2>${e(s.title)}</h2><p>${e(s.summary)}</p></header>
    <div class="body">${s.html}</div>
  </section>`,
    )
    .join("\n")}

  <section class="closing">
    <h2 class="part">Prices and next steps</h2>
    <div class="card"><h3>Prices</h3><ul>${prices}</ul></div>
    <div class="card"><h3>See it working</h3><ul><li>Recorded demos: <a href="${e(site.siteUrl)}/demo">${e(site.siteUrl)}/demo</a></li><li>Features online: <a href="${e(site.siteUrl)}/features">${e(site.siteUrl)}/features</a></li><li>Book a live demo or setup call: <a href="${e(site.siteUrl)}/contact">${e(site.siteUrl)}/contact</a></li></ul></div>
    <div class="card"><h3>Contact</h3><ul><li>${e(site.company)}, ${e(site.street)}, ${e(site.city)}, ${e(site.country)}</li><li>Phone ${e(site.phone)}</li><li>Sales <a href="mailto:${e(site.salesEmail)}">${e(site.salesEmail)}</a> · Support <a href="mailto:${e(site.supportEmail)}">${e(site.supportEmail)}</a></li></ul></div>
  </section>
</body></html>`;
}

export const featureListFileName = (site: SiteConfig) => `${site.productSlug}_FeatureList.pdf`;

/** Prints the feature list with headless Chromium (CHROME_PATH, default Debian's /usr/bin/chromium). */
export async function writeFeatureListPdf(buildDir: string, site: SiteConfig): Promise<string> {
  const file = path.join(buildDir, "media", featureListFileName(site));
  mkdirSync(path.dirname(file), { recursive: true });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    // Nothing to fetch: the document is self-contained, so block any request it might make.
    await page.route("**/*", (route) => route.abort());
    await page.setContent(featureListHtml(site, featureSections(site)), { waitUntil: "load" });
    await page.pdf({ path: file, preferCSSPageSize: true, printBackground: true, tagged: true, outline: true });
  } finally {
    await browser.close();
  }
  return file;
}

/**
 * A copy printed with the default identity, committed so `npm start` works on a machine
 * without Chromium (the build then warns and ships this copy instead of failing).
 */
export const prebuiltFeatureList = path.resolve("content/media/FeatureList.pdf");

/** Build step: prints the feature list, or ships the prebuilt copy (and says so) where there is no Chromium. */
export async function featureListPdf({ dir, site }: BuiltSite, chromePath = chromiumPath): Promise<string> {
  if (existsSync(chromePath)) return `printed ${path.relative(dir, await writeFeatureListPdf(dir, site))}`;
  const file = path.join(dir, "media", featureListFileName(site));
  mkdirSync(path.dirname(file), { recursive: true });
  copyFileSync(prebuiltFeatureList, file);
  console.warn(
    `feature list: no Chromium at ${chromePath}; shipped the prebuilt ${path.relative(process.cwd(), prebuiltFeatureList)} (default identity). Install chromium to print it from the current content.`,
  );
  return `copied the prebuilt ${path.relative(dir, file)}`;
}

/** Prints it again into `dir` and refreshes the prebuilt copy (npm run feature-list). */
export async function updatePrebuiltFeatureList(dir: string): Promise<string> {
  const file = await writeFeatureListPdf(path.resolve(dir), loadSiteConfig(process.env));
  copyFileSync(file, prebuiltFeatureList);
  return `feature list: ${path.relative(process.cwd(), file)} copied to ${path.relative(process.cwd(), prebuiltFeatureList)}`;
}
