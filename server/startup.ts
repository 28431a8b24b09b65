/**
 * What stops the server from starting, in one line with what to do (main.ts prints it, not a stack
 * trace): no build, an unusable or taken data folder, a database file it cannot trust, a busy port.
 */
import { accessSync, constants, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { cspHashesFile } from "#common/csp-hashes.ts";
import { lockDataDir, type DataDirLock } from "./db/data-dir-lock.ts";
import { databaseFile } from "./db/database.ts";
import { checkDatabaseFile } from "./db/file-check.ts";
import { StartupError } from "./startup-error.ts";

const shown = (dir: string) => path.relative(process.cwd(), dir) || ".";

/** The build the server serves: its home page and the CSP hashes the build writes last. */
export function checkBuild(buildDir: string): void {
  if (!existsSync(path.join(buildDir, "index.html")))
    throw new StartupError(
      `No build in ${shown(buildDir)}: run "npm run build" first ("npm start" builds, then starts), or set BUILD_DIR to a build.`,
    );
  if (!existsSync(path.join(buildDir, cspHashesFile)))
    throw new StartupError(
      `The build in ${shown(buildDir)} did not finish (no ${cspHashesFile}): run "npm run build" again.`,
    );
}

/** The data folder: created when missing, readable and writable, as is the database in it. */
export function checkDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.R_OK | constants.W_OK | constants.X_OK);
    const file = databaseFile(dataDir);
    if (existsSync(file)) accessSync(file, constants.R_OK | constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    throw new StartupError(
      `DATA_DIR ${shown(dataDir)} cannot be used (${code}): set DATA_DIR to a folder this user can read and write (default: data), or fix its permissions.`,
    );
  }
}

/** Takes DATA_DIR until the process ends (db/data-dir-lock.ts): a second server on it stops here. */
export function takeDataDir(dataDir: string): DataDirLock {
  const lock = lockDataDir(dataDir, "server");
  if ("heldBy" in lock)
    throw new StartupError(
      `DATA_DIR ${shown(dataDir)} is already used by a running server (${lock.heldBy}): stop that server first, or give this one its own DATA_DIR.`,
    );
  return lock;
}

/** The SQLite database in DATA_DIR (when it is the one used): not damaged, not an empty file where data was. */
export function checkDatabase(dataDir: string): void {
  const file = databaseFile(dataDir);
  const problem = checkDatabaseFile(file, shown(file));
  if (problem) throw new StartupError(problem);
}

/** The one-line message for a failed listen on the port, or undefined for an unexpected error. */
export function listenProblem(error: unknown, port: number, host: string): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EADDRINUSE")
    return `Port ${port} is already in use (another server is running on it?): stop that server, or choose another port, e.g. PORT=${port + 1} npm start.`;
  if (code === "EACCES")
    return `Not allowed to listen on port ${port}: choose a port above 1023, e.g. PORT=3000 npm start.`;
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
    return `Cannot listen on HOST ${host} (${code}): set HOST to an address of this machine, e.g. HOST=0.0.0.0.`;
  return undefined;
}

/** The plain line printed once the server listens, e.g. "Tallyway site on http://localhost:3000". */
export function siteAddressLine(brand: string, host: string, port: number): string {
  const shownHost = ["0.0.0.0", "::", ""].includes(host) ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `${brand} site on http://${shownHost}:${port}`;
}
