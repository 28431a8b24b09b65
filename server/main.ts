// Starts the server: configuration from the environment, graceful stop on SIGTERM/SIGINT.
import { buildApp } from "./app.ts";
import { ConfigError } from "../common/site.ts";
import { loadServerConfig, type ServerConfig } from "./config.ts";
import { stopGracefully, trackSockets } from "./graceful-stop.ts";

let config: ServerConfig;
try {
  config = loadServerConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const app = await buildApp({ config, logger: true });
const sockets = trackSockets(app);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: finishing in-flight requests, then stopping`);
    void stopGracefully(app, sockets).then(() => process.exit(0));
  });
}
await app.listen({ port: config.port, host: config.host });
