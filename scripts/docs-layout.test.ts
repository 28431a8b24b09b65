// The README and docs/ say what the repository has: the packages `.ci/run` installs are the
// prerequisites, the Layout blocks name every folder, and each folder of app/features/ and
// server/ has the README the README promises.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const text = (file: string) => readFileSync(file, "utf8");
/** The section under a `## heading`, up to the next heading of that level. */
const section = (file: string, heading: string) => {
  const all = text(file);
  const start = all.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`${file} has no "## ${heading}"`);
  const end = all.indexOf("\n## ", start + 1);
  return all.slice(start, end < 0 ? undefined : end);
};
const firstCodeBlock = (markdown: string) => /^```\n([^]*?)^```/m.exec(markdown)?.[1] ?? "";

/** Folders holding files under version control (no build output, data or node_modules). */
const tracked = execFileSync("git", ["ls-files"], { encoding: "utf8" }).split("\n").filter(Boolean);
const foldersOf = (parent: string) =>
  [
    ...new Set(
      tracked
        .filter((file) => file.startsWith(parent) && file.slice(parent.length).includes("/"))
        .map((file) => file.slice(parent.length).split("/")[0]),
    ),
  ]
    .filter((name) => !name.startsWith("."))
    .sort();

describe("the prerequisites", () => {
  const ciPackages = [...text(".ci/run").matchAll(/missing\+=\(([\w.+-]+)\)/g)].map((match) => match[1]);

  it.each([
    ["README.md", "Prerequisites"],
    ["docs/getting-started.md", "Prerequisites"],
  ])("name every Debian package .ci/run installs in %s", (file, heading) => {
    expect(ciPackages.length).toBeGreaterThan(10);
    const said = section(file, heading);
    expect(ciPackages.filter((name) => !said.includes(`\`${name}\``) && !said.includes(` ${name} `))).toEqual([]);
  });
});

describe("the layout", () => {
  const readmeLayout = firstCodeBlock(section("README.md", "Layout"));
  const docsLayout = firstCodeBlock(text("docs/layout.md"));
  const named = (block: string, name: string) => new RegExp(`(^|[\\s(,])${name}(?![\\w-])`, "m").test(block);

  it("README's Layout block names every top folder and every folder of server/", () => {
    expect(foldersOf("").filter((name) => !named(readmeLayout, `${name}/`))).toEqual([]);
    expect(foldersOf("server/").filter((name) => !named(readmeLayout, `${name}/`))).toEqual([]);
  });

  it("docs/layout.md names every top folder, every folder of server/, tests/ and app/features/", () => {
    expect(foldersOf("").filter((name) => !named(docsLayout, `${name}/`))).toEqual([]);
    expect(foldersOf("server/").filter((name) => !named(docsLayout, `${name}/`))).toEqual([]);
    expect(foldersOf("tests/").filter((name) => !named(docsLayout, `${name}/`))).toEqual([]);
    expect(foldersOf("app/features/").filter((name) => !named(docsLayout, name))).toEqual([]);
  });

  it("has a README in every folder of app/features/ and server/", () => {
    const folders = ["app/features/", "server/"].flatMap((parent) => foldersOf(parent).map((name) => parent + name));
    expect(folders.filter((folder) => !existsSync(path.join(folder, "README.md")))).toEqual([]);
  });
});
