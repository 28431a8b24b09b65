/** The audit log (owners only), a page at a time by kind (common/console-audit.ts). */
import type { FastifyInstance } from "fastify";
import { consoleApiPath } from "#common/console.ts";
import { auditQuery, pageSize } from "#common/console-input.ts";
import { inputFrom, owners } from "./access.ts";

export async function auditRoutes(app: FastifyInstance) {
  app.get(`${consoleApiPath}/audit`, { preHandler: owners }, async (request) => {
    const { kind, offset } = inputFrom(auditQuery, request.query);
    return { pageSize, kind, entries: await app.stores.console.auditLog({ limit: pageSize, offset }, kind) };
  });
}
