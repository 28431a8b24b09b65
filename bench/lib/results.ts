/** The header every results file starts with: when, on what machine, at which commit. */
import { execSync } from "node:child_process";
import os from "node:os";

export function provenance(): string {
  const commit = execSync("git rev-parse --short HEAD").toString().trim();
  const dirty = execSync("git status --porcelain").toString().trim() ? " (with uncommitted changes)" : "";
  return [
    `- date: ${new Date().toISOString()}`,
    `- machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`,
    `- commit: ${commit}${dirty}`,
    // Other work on the machine skews every figure: the load average says how much there was.
    `- load average at the end (1/5/15 min): ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")}`,
  ].join("\n");
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** Smallest, median and largest of a figure over a benchmark's runs (one run's luck is not a result); NaN for none. */
export function spread(values: number[]): Spread {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return { min: NaN, median: NaN, max: NaN };
  return { min: sorted[0], median: median(sorted), max: sorted[sorted.length - 1] };
}
export interface Spread {
  min: number;
  median: number;
  max: number;
}
