/** The e2e server's data folder, and what it stored as the operator sees it (`npm run -s leads|subscribers`, CSV). */
import { execFileSync } from "node:child_process";

/** The server's DATA_DIR: one folder per run (its port, playwright.config.ts), so two runs keep their own data. */
export const e2eDataDir = () => `.tmp/e2e-data-${process.env.E2E_PORT}`;

export function stored(kind: "leads" | "subscribers"): string {
  return execFileSync("npm", ["run", "-s", kind, "--", "--data-dir", e2eDataDir()], { encoding: "utf8" });
}
