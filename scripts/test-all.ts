/**
 * `npm test`: every stage in order, each through `npm run`, whatever the stages before it did, so
 * one failing unit test does not hide the browser, smoke and gate results. A summary of all of
 * them at the end, and exit code 1 if any failed. The stages that test the build are skipped (and
 * say so) when the build failed: they would only fail again for that one reason.
 */
import { spawn } from "node:child_process";

export interface Stage {
  name: string;
  /** The npm script that runs it. */
  script: string;
  needsBuild?: boolean;
}

export const stages: readonly Stage[] = [
  { name: "lint", script: "lint" },
  { name: "typecheck", script: "typecheck" },
  { name: "build", script: "build" },
  // Some unit tests render pages with the build's server bundle (server/content/).
  { name: "unit", script: "test:unit", needsBuild: true },
  { name: "e2e", script: "test:e2e", needsBuild: true },
  { name: "smoke", script: "test:smoke", needsBuild: true },
  { name: "gates", script: "test:gates", needsBuild: true },
];

export type Result = "passed" | "failed" | "skipped: the build failed";

export interface Outcome {
  stage: Stage;
  result: Result;
  ms: number;
}

/** Runs every stage with `run` (true when it passed), skipping those that need a build that failed. */
export async function runStages(
  all: readonly Stage[],
  run: (stage: Stage, index: number) => Promise<boolean>,
  now: () => number = Date.now,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let built = true;
  for (const [index, stage] of all.entries()) {
    if (stage.needsBuild && !built) {
      outcomes.push({ stage, result: "skipped: the build failed", ms: 0 });
      continue;
    }
    const start = now();
    const passed = await run(stage, index);
    if (stage.name === "build" && !passed) built = false;
    outcomes.push({ stage, result: passed ? "passed" : "failed", ms: now() - start });
  }
  return outcomes;
}

const minutes = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

/** One line per stage, then the count of each result. */
export function summary(outcomes: readonly Outcome[]): string {
  const width = Math.max(...outcomes.map(({ stage }) => stage.name.length));
  const lines = outcomes.map(
    ({ stage, result, ms }) =>
      `  ${stage.name.padEnd(width)}  ${result === "passed" || result === "failed" ? `${result.padEnd(6)}  ${minutes(ms)}` : result}`,
  );
  const count = (wanted: (result: Result) => boolean) => outcomes.filter(({ result }) => wanted(result)).length;
  const failed = count((result) => result === "failed");
  const skipped = count((result) => result.startsWith("skipped"));
  const total = minutes(outcomes.reduce((sum, { ms }) => sum + ms, 0));
  const verdict = failed
    ? `npm test: FAILED, ${failed} of ${outcomes.length} stages failed${skipped ? `, ${skipped} skipped` : ""} (${total})`
    : `npm test: all ${outcomes.length} stages passed (${total})`;
  return `\nnpm test: summary\n${lines.join("\n")}\n${verdict}\n`;
}

/** 0 only when every stage ran and passed. */
export const exitCode = (outcomes: readonly Outcome[]): number =>
  outcomes.every(({ result }) => result === "passed") ? 0 : 1;

/** `npm run <script>` with the terminal's output; true when it exits 0. */
function npmRun(stage: Stage, index: number): Promise<boolean> {
  console.log(`\nnpm test: stage ${index + 1} of ${stages.length}, ${stage.name} (npm run ${stage.script})`);
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", stage.script], { stdio: "inherit" });
    child.once("error", () => resolve(false));
    child.once("exit", (code) => resolve(code === 0));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outcomes = await runStages(stages, npmRun);
  console.log(summary(outcomes));
  process.exitCode = exitCode(outcomes);
}
