// The server's modules import each other in one direction only: no import cycle, however long.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder } from "#common/build-files.ts";

/** Relative imports of each .ts file under server/ (type-only ones too: a cycle of types is still a tangle). */
function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of filesUnder(root)) {
    if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
    const source = readFileSync(file, "utf8");
    const targets = [...source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.{1,2}\/[^"]+)"/gms)].map((m) =>
      path.resolve(path.dirname(file), m[1]),
    );
    graph.set(
      file,
      targets.filter((target) => target.startsWith(root + path.sep)),
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

describe("server imports", () => {
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

  it("have no cycle", () => {
    const root = path.resolve("server");
    const cycle = findCycle(importGraph(root));
    expect(cycle?.map((file) => path.relative(root, file))).toBeUndefined();
  });

  it("never reach into the build's own code (scripts/): the build is read through common/build-files.ts", () => {
    const root = path.resolve("server");
    const offenders = [...filesUnder(root)].filter(
      (file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && /\bfrom\s+"(\.\.\/)+scripts\//.test(readFileSync(file, "utf8")),
    );
    expect(offenders.map((file) => path.relative(root, file))).toEqual([]);
  });
});
