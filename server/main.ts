// Starts the server, stopped gracefully on SIGTERM/SIGINT (stop-signals.ts). What an operator can fix
// (a bad variable, no build, DATA_DIR, the database, the port, Redis) is one line on stderr and exit 1.
import type { AddressInfo } from "node:net";
import { buildApp } from "./app.ts";
import { ConfigError } from "#common/site.ts";
import { loadServerConfig, type ServerConfig } from "./config.ts";
import { stopGracefully, trackSockets } from "./graceful-stop.ts";
import { handleStopSignals } from "./stop-signals.ts";
import { checkBuild, checkDatabase, checkDataDir, listenProblem, siteAddressLine, takeDataDir } from "./startup.ts";
import { StartupError } from "./startup-error.ts";
import { placeholdersInForce } from "./launch-check.ts";

const stop = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const usage = `Usage: npm run serve  (or npm start, which builds first)

Serves the build in BUILD_DIR (default build/client) and the site's API on PORT (default 3000),
with its data in DATA_DIR (default data) or PostgreSQL at DATABASE_URL. Every setting is an
environment variable: see docs/configuration.md, e.g. PORT=3001 npm run serve.
Stops on SIGTERM or SIGINT (Ctrl-C) after the requests in flight; a third signal (Ctrl-C twice)
stops at once with exit code 128 + the signal's number. Backups: npm run backup -- <file>.`;
const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(usage);
  process.exit(0);
}
if (args.length)
  stop(
    `Unknown argument ${JSON.stringify(args[0])}: the server takes its settings from environment variables (npm run serve -- --help).`,
  );

let config!: ServerConfig;
try {
  config = loadServerConfig();
  checkBuild(config.buildDir);
  checkDataDir(config.dataDir);
  takeDataDir(config.dataDir);
  if (!config.databaseUrl) checkDatabase(config.dataDir);
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof StartupError)) throw error;
  stop(error.message);
}
// The shared database, Redis or the newsletter secret may be missing too (DATABASE_URL, REDIS_URL).
const app = await buildApp({ config, logger: true }).catch((error: unknown) => {
  if (error instanceof StartupError) return stop(error.message);
  throw error;
});
const sockets = trackSockets(app);
handleStopSignals({ log: app.log, stop: () => stopGracefully(app, sockets) });
try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  const problem = listenProblem(error, config.port, config.host);
  if (!problem) throw error;
  await app.close();
  stop(problem);
}
console.log(siteAddressLine(config.site.brand, config.host, (app.server.address() as AddressInfo).port));
// In production, what would ship as a placeholder is said once, in one line (npm run launch-check lists it too).
if (process.env.NODE_ENV === "production") {
  const placeholders = placeholdersInForce(config.site, config, process.env);
  if (placeholders.length)
    app.log.warn(
      { placeholders: placeholders.map(({ setting, value }) => `${setting}=${value}`) },
      `launch check: ${placeholders.length} placeholder setting(s) still in force (npm run launch-check says why)`,
    );
}
