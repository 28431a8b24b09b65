// Every prerendered page is valid HTML (the Nu validator, vnu-jar) and its internal links and
// fragment links resolve to a page or file of the build.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { urlPathOf } from "../../scripts/build-steps/output.ts";
import { buildDir, filesOf, prerenderedPages } from "./build-output.ts";
import { validateHtml } from "./nu-validator.ts";

const pages = prerenderedPages();

describe("HTML validity", () => {
  // validateHtml throws when the validator could not check the pages (no Java, wrong Java, no report).
  it("the Nu validator reports no error on any page", async () => {
    const messages = await validateHtml([...pages.values()]);
    const errors = messages.map(
      (m) =>
        `${m.url ? path.relative(buildDir, new URL(m.url).pathname) : "?"}:${m.lastLine ?? "?"} ${m.message} ${m.extract ?? ""}`,
    );
    expect(errors).toEqual([]);
  });
});

describe("internal links", () => {
  const known = new Set([...filesOf()].map((file) => urlPathOf(path.relative(buildDir, file))));
  for (const [urlPath, file] of pages) {
    it(`${urlPath} links only to pages and files that exist`, () => {
      const html = readFileSync(file, "utf8").replace(/<script\b[\s\S]*?<\/script>/gi, "");
      const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
      const broken: string[] = [];
      for (const [, attribute, url] of html.matchAll(/\s(href|src|srcset|poster)="([^"]*)"/g)) {
        for (const candidate of attribute === "srcset"
          ? url.split(",").map((part) => part.trim().split(/\s+/)[0])
          : [url]) {
          if (candidate.startsWith("#")) {
            if (candidate.length > 1 && !ids.has(decodeURIComponent(candidate.slice(1)))) broken.push(candidate);
          } else if (candidate.startsWith("/") && !candidate.startsWith("//")) {
            const target = decodeURIComponent(candidate.split(/[?#]/, 1)[0]).replace(/(.)\/+$/, "$1");
            if (!known.has(target)) broken.push(candidate);
          }
        }
      }
      expect(broken).toEqual([]);
    });
  }
});
