// Structured content published without a build, end to end on SQLite: a real server serving the
// real build (npm run build first) and `npm run content` in another process. A quote with a logo
// makes the proof section appear on /, an empty list takes it away again (the page is the build's
// once more); a price change re-renders /products and the apps' JSON-LD offers; export writes the
// JSON files that a build reads back to the same page.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { CspManifest } from "#common/csp-hashes.ts";
import { waitFor } from "../../tests/support/app.ts";
import { useContentServer } from "../../tests/support/content-cli.ts";
import { finishPage, loadPageRenderer, serverBuildFileOf } from "./page-renderer.ts";

const buildDir = path.resolve("build/client");
const running = useContentServer();
const work = mkdtempSync(path.join(tmpdir(), "structured-cli-"));
const logo = "/assets/uploads/3f2a9c1b0d4e5f67-600x200";

const content = running.content;
/** Saves a key's JSON from a file and publishes it, as an operator would. */
async function publish(key: string, value: unknown) {
  const file = path.join(work, `${key.replace("/", "-")}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(value));
  const saved = await content("save", key, file, "--as", "ann@example.com");
  expect(saved.stderr).toBe("");
  const published = await content("publish", key, "--as", "ann@example.com");
  expect(published.stdout).toContain(`Published ${key} version`);
}
const text = async (urlPath: string) => (await fetch(`${running.server.url}${urlPath}`)).text();
/** The JSON-LD nodes of a page's head. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap(
    (match) => (JSON.parse(match[1]) as { "@graph"?: unknown[] })["@graph"] ?? [JSON.parse(match[1])],
  ) as { "@type": string; offers?: { price: string; priceSpecification: { unitText: string } }[] }[];
const offersOf = (html: string) =>
  jsonLd(html)
    .filter((node) => node["@type"] === "SoftwareApplication")
    .flatMap((node) => node.offers!.map((offer) => `${offer.price} ${offer.priceSpecification.unitText}`));

describe("structured content through npm run content and the running server", { timeout: 60_000 }, () => {
  it("shows no proof on / until a quote is published, then the quote with its logo, then none again", async () => {
    const built = readFileSync(path.join(buildDir, "index.html"), "utf8");
    expect(await text("/")).toBe(built);
    expect(built).not.toContain('id="proof-heading"');

    const quote = "We closed the month two days sooner.";
    await publish("proof/quotes", [
      { quote, person: "Ann Lee", role: "Head of Delivery", company: "Acme Consulting", logo },
    ]);
    await waitFor(async () => (await text("/")).includes(quote), 15_000, "the quote on /");
    const html = await text("/");
    expect(html).toContain("What our customers say");
    expect(html).toMatch(/<figcaption[^>]*>.*Ann Lee.*Head of Delivery.*Acme Consulting.*<\/figcaption>/s);
    expect(html).toContain(`<source type="image/avif" srcSet="/assets/uploads/3f2a9c1b0d4e5f67-600x200-600.avif 600w`);
    expect(html).toContain(`alt="Acme Consulting"`);
    expect(await text("/index.data")).toContain(quote);

    await publish("proof/quotes", []);
    await waitFor(async () => !(await text("/")).includes(quote), 15_000, "the quote to go");
    expect(await text("/")).toBe(built);
  });

  it("refuses a logo that is not an uploaded image's reference, naming the field", async () => {
    const file = path.join(work, "bad-logos.json");
    writeFileSync(file, JSON.stringify([{ company: "Acme", logo: "javascript:alert(1)" }]));
    const saved = await content("save", "proof/logos", file, "--as", "ann@example.com");
    expect(saved.code).not.toBe(0);
    expect(saved.stderr).toContain(
      `"proof/logos": Logo 1, Logo (uploaded image): must be an uploaded image's reference`,
    );
  });

  it("re-renders /products and the JSON-LD offers of / and /products when a price changes", async () => {
    expect(offersOf(await text("/products"))).toEqual([
      "8.33 per user per month",
      "999 a year for a pack of 10 users",
      "999 per year",
    ]);
    const editions = JSON.parse(readFileSync("content/pricing.json", "utf8")) as Record<string, string>[];
    await publish("pricing", [
      { ...editions[0], amount: "9.50" },
      { ...editions[1], amount: "1099" },
    ]);
    await waitFor(async () => (await text("/products")).includes("9.50"), 15_000, "the new price on /products");
    const changed = ["9.50 per user per month", "999 a year for a pack of 10 users", "1099 per year"];
    expect(offersOf(await text("/products"))).toEqual(changed);
    expect(offersOf(await text("/"))).toEqual(changed);
    expect(await text("/products.data")).toContain("9.50");
  });

  it("re-renders a page's head: its title, description and social image, in the tags of the document", async () => {
    const head = {
      title: "About the company",
      description: "Who we are, since when, and how to reach us: a short company profile.",
      keywords: "about",
      image: "/assets/uploads/3f2a9c1b0d4e5f67-1200x630",
    };
    await publish("head/about", [head]);
    await waitFor(async () => (await text("/about")).includes("About the company"), 15_000, "the new title on /about");
    const html = await text("/about");
    expect(html).toContain("<title>About the company | Tallyway</title>");
    expect(html).toContain(`<meta name="description" content="${head.description}"/>`);
    expect(html).toContain(
      '<meta property="og:image" content="https://www.tallyway.example/assets/uploads/3f2a9c1b0d4e5f67-1200x630-1200.webp"/>',
    );
  });

  it("exports the JSON keys as files that a build reads back to the same page", async () => {
    const exported = path.join(work, "export");
    expect((await content("export", exported)).code).toBe(0);
    const pricing = readFileSync(path.join(exported, "pricing.json"), "utf8");
    expect(JSON.parse(pricing)[0].amount).toBe("9.50");
    expect(readFileSync(path.join(exported, "proof/quotes.json"), "utf8")).toBe("[]\n");
    expect(readFileSync(path.join(exported, "faq/products.json"), "utf8")).toBe(
      readFileSync("content/faq/products.json", "utf8"),
    );

    // The build's loaders read CONTENT_DIR: with the exported files and nothing published, /products is what the server serves.
    const render = await loadPageRenderer(serverBuildFileOf(buildDir));
    const manifest = JSON.parse(readFileSync(path.join(buildDir, "csp-hashes.json"), "utf8")) as CspManifest;
    process.env.CONTENT_DIR = exported;
    try {
      const page = finishPage(await render("/products", { bodies: new Map() }), manifest);
      expect(page.html.toString()).toBe(await text("/products"));
    } finally {
      delete process.env.CONTENT_DIR;
    }
  });
});
