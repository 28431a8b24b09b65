// The manual's links resolve: README.md and every page of docs/ link to files that exist and to
// headings that are there (GitHub's anchor rule), so moving a section cannot leave a dead link.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const pages = ["README.md", ...readdirSync("docs").map((name) => path.join("docs", name))].filter((file) =>
  file.endsWith(".md"),
);

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, "")
    .replace(/ /g, "-");

const anchorsOf = (file: string) =>
  new Set(
    readFileSync(file, "utf8")
      .replace(/^```[^]*?^```/gm, "")
      .split("\n")
      .flatMap((line) => (/^#{1,6} (.+)$/.exec(line) ? [anchorOf(/^#{1,6} (.+)$/.exec(line)![1])] : [])),
  );

/** Every [text](target) outside code blocks that is not a web address. */
const linksOf = (file: string) =>
  [
    ...readFileSync(file, "utf8")
      .replace(/^```[^]*?^```/gm, "")
      .matchAll(/\]\(([^)\s]+)\)/g),
  ]
    .map((match) => match[1])
    .filter((target) => !/^(https?|mailto):/.test(target));

describe("README.md and docs/", () => {
  it("has a README of at most about 150 lines that starts with the two commands", () => {
    const readme = readFileSync("README.md", "utf8").split("\n");
    expect(readme.length).toBeLessThanOrEqual(150);
    expect(readme.slice(0, 20).join("\n")).toContain("npm install && npm start");
  });

  it.each(pages)("%s links only to files and headings that exist", (page) => {
    const broken = linksOf(page).filter((target) => {
      const [file, anchor] = target.split("#");
      const resolved = file ? path.join(path.dirname(page), file) : page;
      if (!existsSync(resolved)) return true;
      return anchor !== undefined && resolved.endsWith(".md") && !anchorsOf(resolved).has(anchor);
    });
    expect(broken).toEqual([]);
  });

  it("links every page of docs/ from the README", () => {
    const linked = new Set(linksOf("README.md").map((target) => target.split("#")[0]));
    expect(pages.filter((page) => page.startsWith("docs") && !linked.has(page))).toEqual([]);
  });
});
