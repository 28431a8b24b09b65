/** `npm start` runs this before it builds: a busy port or a bad variable stops it at once, as the server would. */
import { createServer } from "node:net";
import { ConfigError } from "#common/site.ts";
import { loadServerConfig } from "../config.ts";
import { listenProblem } from "../startup.ts";

let port: number, host: string;
try {
  ({ port, host } = loadServerConfig());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const probe = createServer();
probe.once("error", (error) => {
  console.error(listenProblem(error, port, host) ?? `Cannot listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
});
probe.listen({ port, host }, () => probe.close());
