/**
 * `npm run dev`: the real API beside Vite's hot reload (the devApi plugin in vite.config.ts hands it the
 * API's paths), on a development database (data/dev) with mailed links to the dev server. Vite serves the rest.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import type { ViteDevServer } from "vite";
import { buildApp } from "./app.ts";
import { loadServerConfig } from "./config.ts";
import { checkDataDir } from "./startup.ts";

/** The paths the server answers (leads/routes.ts, measurement/routes.ts, app.ts); the pages are Vite's. */
export const apiPath = /^\/(contactUs|mailingList)(\/|\?|$)|^\/(api|rum)\/|^\/healthz(\?|$)/;
export const devDataDir = "data/dev";

/** Builds the API for a dev server listening at `siteUrl` (what the mailed links name). */
export async function devApiApp(siteUrl: string, env: NodeJS.ProcessEnv = process.env): Promise<FastifyInstance> {
  const config = loadServerConfig({ ...env, DATA_DIR: env.DATA_DIR || devDataDir, SITE_URL: env.SITE_URL || siteUrl });
  checkDataDir(config.dataDir);
  const app = await buildApp({ config, logger: true, serveSite: false });
  await app.ready();
  return app;
}

/** Mounts the API in front of Vite's own middleware; it is built once Vite listens (its address is the site's). */
export function mountDevApi(vite: ViteDevServer): void {
  const httpServer = vite.httpServer;
  if (!httpServer) throw new Error("npm run dev needs Vite's own HTTP server (not middleware mode)");
  let app: Promise<FastifyInstance> | undefined;
  httpServer.once("listening", () => {
    const { port } = httpServer.address() as AddressInfo;
    const host = vite.config.server.host;
    app = devApiApp(
      `http://${typeof host === "string" && !["0.0.0.0", "::"].includes(host) ? host : "localhost"}:${port}`,
    );
    app.then(
      (api) =>
        vite.config.logger.info(
          `  ➜  API:     contact, newsletter, measurement; database and mail (.eml) in ${api.config.dataDir}`,
        ),
      (error: Error) => vite.config.logger.error(`  ➜  API did not start: ${error.message}`),
    );
  });
  httpServer.once("close", () => void app?.then((api) => api.close()).catch(() => {}));
  vite.middlewares.use((request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => {
    if (!app || !apiPath.test(request.url ?? "")) return next();
    app.then((api) => api.routing(request, response), next);
  });
}
