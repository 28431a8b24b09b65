// The repository's modules import each other in one direction only: no import cycle, however long.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder } from "#common/build-files.ts";

/** Every folder of our own code, and the config files at the top. */
const folders = ["app", "common", "art", "server", "scripts", "tests", "bench"];
const topFiles = ["vite.config.ts", "react-router.config.ts", "playwright.config.ts"];

const importPattern = /^\s*(?:(?:import|export)\b[^;]*?\bfrom\s+|import\s+)"([^"?]+)(?:\?[^"]*)?"/gms;

/** The file an import names: a relative path or a package.json "imports" alias (#app/*), with or without its extension. */
function resolveImport(
  root: string,
  aliases: Record<string, string>,
  from: string,
  specifier: string,
): string | undefined {
  let target: string | undefined;
  if (specifier.startsWith("./") || specifier.startsWith("../")) target = path.resolve(path.dirname(from), specifier);
  for (const [alias, to] of Object.entries(aliases)) {
    const prefix = alias.replace(/\*$/, "");
    if (specifier.startsWith(prefix))
      target = path.resolve(root, to.replace(/\*$/, "") + specifier.slice(prefix.length));
  }
  if (!target) return undefined;
  return ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]
    .map((ending) => target + ending)
    .find((file) => existsSync(file) && statSync(file).isFile());
}

/** Imports of each .ts/.tsx file of the repository (type-only ones too: a cycle of types is still a tangle). */
function importGraph(root: string, dirs = folders, files = topFiles): Map<string, string[]> {
  const aliases =
    (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { imports?: Record<string, string> })
      .imports ?? {};
  const sources = [
    ...dirs.flatMap((dir) => (existsSync(path.join(root, dir)) ? [...filesUnder(path.join(root, dir))] : [])),
    ...files.map((file) => path.join(root, file)).filter((file) => existsSync(file)),
  ].filter((file) => /\.tsx?$/.test(file));
  const graph = new Map<string, string[]>();
  for (const file of sources) {
    const specifiers = [...readFileSync(file, "utf8").matchAll(importPattern)].map((m) => m[1]);
    const targets = specifiers.map((specifier) => resolveImport(root, aliases, file, specifier));
    graph.set(
      file,
      targets.filter((target): target is string => target !== undefined),
    );
  }
  return graph;
}

/** The first cycle found by depth-first search, as a list of files; undefined when there is none. */
export function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (onPath.includes(file)) return [...onPath.slice(onPath.indexOf(file)), file];
    if (done.has(file)) return undefined;
    onPath.push(file);
    for (const target of graph.get(file) ?? []) {
      const cycle = visit(target);
      if (cycle) return cycle;
    }
    onPath.pop();
    done.add(file);
    return undefined;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return undefined;
}

describe("imports across the repository", () => {
  it("finds a cycle when there is one", () => {
    expect(
      findCycle(
        new Map([
          ["a", ["b"]],
          ["b", ["c"]],
          ["c", ["a"]],
        ]),
      ),
    ).toEqual(["a", "b", "c", "a"]);
    expect(
      findCycle(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toBeUndefined();
  });

  it("finds a cycle through an alias, a type-only import and an extensionless path in a tiny repository", () => {
    const root = mkdtempSync(path.join(tmpdir(), "import-cycles-"));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), text);
      };
      write("package.json", JSON.stringify({ imports: { "#common/*": "./common/*" } }));
      write("app/a.tsx", 'import { b } from "#common/b.ts";\nexport const a = b;\n');
      write("common/b.ts", 'import type {\n  C,\n} from "../server/c";\nexport const b: C = 1;\n');
      write("server/c.ts", 'export type C = number;\nexport { a } from "../app/a.tsx";\n');
      const cycle = findCycle(importGraph(root, ["app", "common", "server"], []));
      expect(cycle?.map((file) => path.relative(root, file))).toEqual([
        "app/a.tsx",
        "common/b.ts",
        "server/c.ts",
        "app/a.tsx",
      ]);
      write("server/c.ts", "export type C = number;\n");
      expect(findCycle(importGraph(root, ["app", "common", "server"], []))).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("have no cycle", () => {
    const root = path.resolve(".");
    const graph = importGraph(root);
    // The graph really follows the aliases and reaches every folder (else "no cycle" would prove nothing).
    expect(graph.get(path.join(root, "app/shared/artwork.ts"))).toContain(path.join(root, "art/artworks.ts"));
    expect(graph.get(path.join(root, "vite.config.ts"))).toContain(path.join(root, "art/manifest.ts"));
    for (const folder of folders)
      expect([...graph.keys()].some((file) => file.startsWith(path.join(root, folder, "")))).toBe(true);
    const cycle = findCycle(graph);
    expect(cycle?.map((file) => path.relative(root, file))).toBeUndefined();
  });

  it("never reach from the server into the build's own code (scripts/): the build is read through common/build-files.ts", () => {
    const root = path.resolve("server");
    const offenders = [...filesUnder(root)].filter(
      (file) =>
        file.endsWith(".ts") &&
        !file.endsWith(".test.ts") &&
        /\bfrom\s+"(\.\.\/)+scripts\//.test(readFileSync(file, "utf8")),
    );
    expect(offenders.map((file) => path.relative(root, file))).toEqual([]);
  });
});
