/**
 * Finishes the static build in build/client after `react-router build`: lets every page paint
 * before its JavaScript loads (scripts/paint-first.ts), writes the files
 * derived from the site configuration and the route table (web manifest, social image,
 * robots.txt, sitemap.xml), hashes every page's inline scripts for the Content-Security-Policy
 * (csp-hashes.json, read by server/security-headers.ts), then precompresses every text file
 * with brotli and gzip so the server never compresses at request time. The service worker
 * (scripts/service-worker.ts) is built in between, so it precaches the finished build.
 */
import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import sharp from "sharp";
import { loadSiteConfig, type SiteConfig } from "../common/site.ts";
import { buildServiceWorker } from "./service-worker.ts";
import { cspHashesFile } from "../common/csp-hashes.ts";
import { buildCspManifest } from "./build-steps/csp-hashes.ts";
import { filesUnder, urlPathOf } from "../server/static-files.ts";
import { sitePaths } from "./site-paths.ts";
import { paintFirst } from "./paint-first.ts";

function webManifest(site: SiteConfig): string {
  return JSON.stringify(
    {
      name: site.productName,
      short_name: site.brand,
      start_url: "/",
      display: "browser",
      background_color: "#ffffff",
      theme_color: "#0d6e66",
      icons: [{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml" }],
    },
    null,
    2,
  );
}

function sitemap(site: SiteConfig, paths: string[]): string {
  const urls = paths.map((p) => `  <url><loc>${site.siteUrl}${p}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The default link-preview image (1200×630), drawn from the brand so it never goes stale. */
function socialImageSvg(site: SiteConfig): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#062f2b"/>
  <circle cx="1040" cy="120" r="260" fill="#0d6e66" opacity="0.55"/>
  <circle cx="1100" cy="560" r="180" fill="#b4400a" opacity="0.35"/>
  <rect x="80" y="80" width="96" height="96" rx="24" fill="#0d6e66"/>
  <circle cx="128" cy="128" r="27" fill="none" stroke="#fff" stroke-width="7.5"/>
  <path d="M128 111.5V128l12 7.5" fill="none" stroke="#fff" stroke-width="7.5" stroke-linecap="round"/>
  <text x="200" y="146" font-family="DejaVu Sans, Arial, sans-serif" font-size="52" font-weight="700" fill="#fff">${escapeXml(site.brand)}</text>
  <text x="80" y="330" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="700" fill="#fff">Time, expense and projects,</text>
  <text x="80" y="410" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="700" fill="#fff">native inside ${escapeXml(site.platformName)}.</text>
  <text x="80" y="520" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" fill="#d3e9e6">${escapeXml(site.productName)} · support and setup included</text>
</svg>`;
}

function* prerenderedPages(buildDir: string): Generator<[string, string]> {
  for (const file of filesUnder(buildDir))
    if (path.basename(file) === "index.html") yield [urlPathOf(path.relative(buildDir, file)), readFileSync(file, "utf8")];
}

/** Every prerendered HTML file (the pages and React Router's SPA fallback) rewritten by paintFirst. */
function rewritePages(dir: string): number {
  const pages = [...filesUnder(dir)].filter((file) => file.endsWith(".html"));
  for (const file of pages) writeFileSync(file, paintFirst(readFileSync(file, "utf8")));
  return pages.length;
}

function precompress(dir: string): number {
  // Listed before writing, so the .br and .gz files written here are not compressed again.
  const files = [...filesUnder(dir)].filter(
    (file) => /\.(html|js|mjs|css|json|webmanifest|data|svg|xml|txt)$/.test(file) && statSync(file).size >= 256,
  );
  for (const file of files) {
    const body = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
  return files.length;
}

async function main() {
  const buildDir = path.resolve(process.argv[2] ?? "build/client");
  const site = loadSiteConfig(process.env);
  const pages = rewritePages(buildDir);

  writeFileSync(path.join(buildDir, "site.webmanifest"), webManifest(site));
  writeFileSync(path.join(buildDir, "robots.txt"), `User-agent: *\nAllow: /\n\nSitemap: ${site.siteUrl}/sitemap.xml\n`);
  writeFileSync(path.join(buildDir, "sitemap.xml"), sitemap(site, await sitePaths()));
  await sharp(Buffer.from(socialImageSvg(site)))
    .png({ compressionLevel: 9 })
    .toFile(path.join(buildDir, "og-image.png"));
  // Before precompression, so the hashes are of exactly the bytes the server sends.
  const csp = buildCspManifest(prerenderedPages(buildDir));
  writeFileSync(path.join(buildDir, cspHashesFile), JSON.stringify(csp, null, 2));
  // After every other file is written (so it is in the precache manifest), before compression.
  const sw = await buildServiceWorker(buildDir);
  const compressed = precompress(buildDir);
  console.log(
    `postbuild: ${pages} pages paint first; manifest, robots.txt, sitemap.xml, og-image.png, ${cspHashesFile} (${Object.keys(csp.pages).length} pages); sw.js (${sw.swBytes} B, precaches ${sw.count} files, ${Math.round(sw.size / 1024)} KB); precompressed ${compressed} files`,
  );
}

await main();
