import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contentKeys } from "#common/content-keys.ts";
import { loadSiteConfig } from "#common/site.ts";
import { renderContent, renderSections } from "./content.server.ts";

const site = loadSiteConfig({});

describe("renderContent", () => {
  it("has a markdown file for every content key of the spec, and no other", () => {
    const files = readdirSync("content")
      .filter((f) => f.endsWith(".md"))
      .map((f) => f.replace(/\.md$/, ""));
    expect(files.sort()).toEqual([...contentKeys].sort());
  });

  it("renders every key to HTML with a heading or paragraph and no unfilled placeholder", () => {
    for (const key of contentKeys) {
      const html = renderContent(key, site);
      expect(html, key).toMatch(/<(h[1-6]|p)>/);
      expect(html, key).not.toMatch(/\{\{|lorem ipsum|TODO/i);
    }
  });

  it("fails with a message naming an unknown key", () => {
    expect(() => renderContent("no-such-key", site)).toThrow('Unknown content key "no-such-key"');
  });

  it("fills placeholders from the site configuration and rejects unknown ones", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "content-"));
    writeFileSync(path.join(dir, "a.md"), "# {{brand}} by {{company}}");
    writeFileSync(path.join(dir, "b.md"), "{{nothing}}");
    expect(renderContent("a", site, undefined, dir)).toBe("<h1>Tallyway by Tallyway Inc.</h1>\n");
    expect(() => renderContent("b", site, undefined, dir)).toThrow("unknown placeholder {{nothing}}");
  });

  it("rejects what an object inherits, with the line, as the save does (common/placeholders.ts)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "content-"));
    writeFileSync(path.join(dir, "c.md"), "# Title\n\n{{constructor}}");
    writeFileSync(path.join(dir, "d.md"), "{{ __proto__ }}");
    expect(() => renderContent("c", site, undefined, dir)).toThrow(
      'Content "c" uses unknown placeholder {{constructor}} on line 3',
    );
    expect(() => renderContent("d", site, undefined, dir)).toThrow("unknown placeholder {{__proto__}} on line 1");
  });

  it("fills {{phoneHref}} with a dialable tel: link derived from the phone setting", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "content-"));
    writeFileSync(path.join(dir, "p.md"), "[{{phone}}]({{phoneHref}})");
    expect(renderContent("p", { ...site, phone: "+1 (555) 010-0199" }, undefined, dir)).toBe(
      '<p><a href="tel:+15550100199">+1 (555) 010-0199</a></p>\n',
    );
  });

  it("renders no phone link with spaces or escapes in any content", () => {
    for (const key of contentKeys) expect(renderContent(key, site), key).not.toMatch(/href="tel:[^"]*(%20| )/);
  });

  it("opens links to other sites in a new tab and says so; links to pages of the site stay as they are", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "content-"));
    writeFileSync(
      path.join(dir, "l.md"),
      "[listing](https://marketplace.example/app) and [features](/features/project)",
    );
    expect(renderContent("l", site, undefined, dir)).toBe(
      '<p><a href="https://marketplace.example/app" target="_blank" rel="noopener">listing<span class="sr-only"> (opens in a new tab)</span></a>' +
        ' and <a href="/features/project">features</a></p>\n',
    );
  });

  it("does not pass raw HTML through", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "content-"));
    writeFileSync(path.join(dir, "x.md"), "<script>alert(1)</script>");
    expect(renderContent("x", site, undefined, dir)).not.toContain("<script>");
  });
});

describe("renderSections", () => {
  it("splits the intro from one section per level-2 heading, with unique anchor ids", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "content-"));
    writeFileSync(
      path.join(dir, "s.md"),
      "Intro for {{brand}}.\n\n## Your *rights* (GDPR)\n\nText.\n\n### Sub\n\n## Your rights (GDPR)\n\nMore.\n",
    );
    const { intro, sections } = renderSections("s", site, undefined, dir);
    expect(intro).toBe("<p>Intro for Tallyway.</p>\n");
    expect(sections).toEqual([
      { id: "your-rights-gdpr", title: "Your rights (GDPR)", html: "<p>Text.</p>\n<h3>Sub</h3>\n" },
      { id: "your-rights-gdpr-2", title: "Your rights (GDPR)", html: "<p>More.</p>\n" },
    ]);
  });
});

describe("the privacy policy", () => {
  it("says that campaign tags holding an e-mail address or a long code are not stored (issue 29 point 7)", () => {
    const text = renderContent("legal/privacy", site);
    expect(text).toMatch(
      /A tag that holds an e-mail address, or a long code that could stand for one[^.]*, is dropped before anything is stored\./,
    );
  });

  it("says newsletter mails carry no tracking pixel and no rewritten links (issue 32 point 2)", () => {
    expect(renderContent("legal/privacy", site)).toContain(
      "Our newsletter mails carry no tracking pixel and no rewritten links: we do not record whether you open them or which links you follow",
    );
  });
});

describe("published content", () => {
  const published = (bodies: Record<string, string>, read?: Set<string>) => ({
    get: () => ({ bodies: new Map(Object.entries(bodies)), read }),
  });

  it("reads the published text of a key before its file, placeholders filled the same way", () => {
    expect(renderContent("home-heading", site, published({ "home-heading": "# New {{brand}}" }))).toBe(
      `<h1>New ${site.brand}</h1>\n`,
    );
    expect(renderContent("home-text", site, published({ "home-heading": "# New" }))).toBe(
      renderContent("home-text", site),
    );
  });

  it("tells the renderer which keys a page read", () => {
    const read = new Set<string>();
    renderSections("legal/terms", site, published({}, read));
    expect([...read]).toEqual(["legal/terms"]);
  });
});

describe("uploaded images in content", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "content-"));
  writeFileSync(
    path.join(dir, "a.md"),
    '![Our team at "work"](/assets/uploads/3f2a9c1b0d4e5f67-1200x800)\n\n![Logo](/assets/img/logo.webp)\n\n![Fake](/assets/uploads/3f2a9c1b0d4e5f67-1200x800-540.webp)',
  );

  it("renders a reference as a responsive <picture> with its variants, size and lazy loading; other images stay <img>", () => {
    const html = renderContent("a", site, undefined, dir);
    const avif = [1200, 540, 360].map((w) => `/assets/uploads/3f2a9c1b0d4e5f67-1200x800-${w}.avif ${w}w`).join(", ");
    const webp = avif.replaceAll(".avif", ".webp");
    const sizes = "(min-width: 1152px) 1152px, 100vw";
    expect(html).toContain(
      `<p><picture><source type="image/avif" srcset="${avif}" sizes="${sizes}"><source type="image/webp" srcset="${webp}" sizes="${sizes}">` +
        `<img src="/assets/uploads/3f2a9c1b0d4e5f67-1200x800-1200.webp" alt="Our team at &quot;work&quot;" width="1200" height="800" loading="lazy" decoding="async"></picture></p>`,
    );
    expect(html).toContain('<p><img src="/assets/img/logo.webp" alt="Logo"></p>');
    // A variant's own path is not a reference: a plain image.
    expect(html).toContain('<img src="/assets/uploads/3f2a9c1b0d4e5f67-1200x800-540.webp" alt="Fake">');
  });

  it("links the variants through IMAGE_HOST when one is set, in sections too", () => {
    const hosted = loadSiteConfig({ IMAGE_HOST: "https://img.example.com" });
    const html = renderSections("a", hosted, undefined, dir).intro;
    expect(html).toContain('src="https://img.example.com/assets/uploads/3f2a9c1b0d4e5f67-1200x800-1200.webp"');
    expect(html).toContain("https://img.example.com/assets/uploads/3f2a9c1b0d4e5f67-1200x800-360.avif 360w");
    expect(html).not.toMatch(/srcset="\/assets/);
  });
});
