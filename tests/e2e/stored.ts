/** The e2e server's data folder, and what it stored as the operator sees it (`npm run -s leads|subscribers`, CSV). */
import { execFileSync } from "node:child_process";

export const e2eDataDir = ".tmp/e2e-data";

export function stored(kind: "leads" | "subscribers"): string {
  return execFileSync("npm", ["run", "-s", kind, "--", "--data-dir", e2eDataDir], { encoding: "utf8" });
}
