// The runner's logic with stand-in stages: what runs, what is skipped, the summary and the exit code.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { exitCode, runStages, stages, summary, type Stage } from "./test-all.ts";

/** Runs the stages, `failing` ones failing, each taking 59.6 "seconds"; returns the names run, in order. */
async function run(failing: string[]) {
  const ran: string[] = [];
  let clock = 0;
  const outcomes = await runStages(
    stages,
    async (stage: Stage) => {
      ran.push(stage.name);
      clock += 59_600;
      return !failing.includes(stage.name);
    },
    () => clock,
  );
  return { ran, outcomes };
}

describe("npm test's stages", () => {
  it("is what package.json's test script runs, and every stage script exists", () => {
    const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(scripts.test).toBe("node scripts/test-all.ts");
    for (const stage of stages) expect(scripts[stage.script], stage.script).toBeDefined();
    expect(stages.map(({ name }) => name)).toEqual(["lint", "typecheck", "build", "unit", "e2e", "smoke", "gates"]);
  });

  it("runs every stage after a failing one, and exits 1", async () => {
    const { ran, outcomes } = await run(["unit"]);
    expect(ran).toEqual(["lint", "typecheck", "build", "unit", "e2e", "smoke", "gates"]);
    expect(outcomes.map(({ result }) => result)).toEqual([
      "passed",
      "passed",
      "passed",
      "failed",
      "passed",
      "passed",
      "passed",
    ]);
    expect(exitCode(outcomes)).toBe(1);
  });

  it("skips the stages that need the build when it failed, and says why", async () => {
    const { ran, outcomes } = await run(["lint", "build"]);
    expect(ran).toEqual(["lint", "typecheck", "build"]);
    expect(summary(outcomes)).toBe(`
npm test: summary
  lint       failed  1:00
  typecheck  passed  1:00
  build      failed  1:00
  unit       skipped: the build failed
  e2e        skipped: the build failed
  smoke      skipped: the build failed
  gates      skipped: the build failed
npm test: FAILED, 2 of 7 stages failed, 4 skipped (2:59)
`);
    expect(exitCode(outcomes)).toBe(1);
  });

  it("exits 0 only when every stage passed", async () => {
    const { outcomes } = await run([]);
    expect(exitCode(outcomes)).toBe(0);
    expect(summary(outcomes)).toMatch(/\nnpm test: all 7 stages passed \(6:57\)\n$/);
  });
});
