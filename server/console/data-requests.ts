/**
 * Data requests (owners only): a person's data, its export and its erase. The audit log names the person by a
 * keyed hash, never the address: an erase leaves it nothing to find, and one address always gives one reference.
 */
import { createHmac } from "node:crypto";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { consoleApiPath } from "#common/console.ts";
import { dataRequestInput, eraseInput } from "#common/console-input.ts";
import { eraseAddress } from "../privacy/erase.ts";
import { audit, inputFrom, owners } from "./access.ts";

/** `secret`: the server's newsletter secret, from which the audit log's key is derived. */
export async function dataRequestRoutes(app: FastifyInstance, { secret }: { secret: string }) {
  const { config, stores } = app;
  const auditKey = createHmac("sha256", secret).update("console audit: data-request addresses").digest();
  const auditRefOf = (email: string) =>
    `hmac:${createHmac("sha256", auditKey).update(email).digest("base64url").slice(0, 22)}`;
  const base = `${consoleApiPath}/data-requests`;

  app.post(base, { preHandler: owners }, async (request) => {
    const { email } = inputFrom(dataRequestInput, request.body);
    const records = await stores.console.dataRequest(email);
    await audit(request, "data-request", `looked up ${auditRefOf(email)}`);
    return records;
  });

  app.post(`${base}/export`, { preHandler: owners }, async (request, reply) => {
    const { email } = inputFrom(dataRequestInput, request.body);
    const records = await stores.console.dataRequest(email);
    await audit(request, "export", `data request for ${auditRefOf(email)}`);
    return reply
      .header("content-disposition", `attachment; filename="data-request-${email.replace(/[^\w.@-]/g, "_")}.json"`)
      .send({ exportedAt: new Date().toISOString(), site: config.site.siteUrl, ...records });
  });

  app.post(`${base}/erase`, { preHandler: owners }, async (request) => {
    const { email } = inputFrom(eraseInput, request.body);
    const mailFolder = path.join(config.dataDir, "mail");
    const erased = await eraseAddress({ stores, database: app.database, mailFolder }, email, new Date());
    app.outbox.kick();
    const auditRef = auditRefOf(email);
    await audit(request, "erase", `${auditRef}: ${JSON.stringify(erased)}`);
    return { erased, auditRef };
  });
}
