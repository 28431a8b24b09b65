/**
 * The RUM pixel of requirements §7 (GET /rum/:site/:page.png) and the analytics collector (POST
 * /api/collect): both answer at once and never 5xx for bad input; their rows go to a batch writer.
 */
import type { FastifyInstance } from "fastify";
import * as v from "valibot";
import { batchSchema, maxBatchBytes, pageNamePattern, visitorIdPattern } from "#common/measurement.ts";
import { assertStorable } from "../request-input.ts";
import { createBatchWriter } from "./batch-writer.ts";
import { createDailyBudget } from "./daily-budget.ts";
import { browserOf, deviceOf } from "./devices.ts";
import { scheduleRetention } from "./retention.ts";
import type { Received, RumBeacon } from "./store.ts";

/** A transparent 1×1 PNG (67 bytes). */
export const pixelPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

export const dailyLimitError = "This address has sent all the measurements it may send today";

const sitePattern = /^[A-Za-z0-9_-]{1,40}$/;
const maxSeconds = 7 * 24 * 60 * 60;
const maxLoadMs = 10 * 60 * 1000;

/** Reads the pixel's path and query; anything malformed becomes null (or no beacon at all). */
export function parseRumBeacon(site: string, page: string, query: Record<string, unknown>): RumBeacon | undefined {
  const file = page.endsWith(".png") ? page.slice(0, -4) : undefined;
  if (!sitePattern.test(site) || !file || !pageNamePattern.test(file)) return undefined;
  const text = (key: string) => (typeof query[key] === "string" ? (query[key] as string) : undefined);
  const integer = (key: string, max: number) => {
    const raw = text(key);
    if (raw === undefined || !/^\d{1,10}$/.test(raw)) return null;
    const n = Number(raw);
    return n <= max ? n : null;
  };
  const uid = text("u");
  const lastPage = text("l");
  return {
    site,
    page: file,
    uid: uid && visitorIdPattern.test(uid) ? uid.toLowerCase() : null,
    lastPage: lastPage && pageNamePattern.test(lastPage) ? lastPage : null,
    secondsOnLastPage: integer("d", maxSeconds),
    loadMs: integer("t", maxLoadMs),
  };
}

export async function measurementRoutes(app: FastifyInstance) {
  const store = app.measurementStore;
  const beacons = createBatchWriter<Received<RumBeacon>>({
    writeBatch: (rows) => store.addBeacons(rows),
    onError: (error) => app.log.error({ err: error }, "RUM beacons not saved"),
  });
  // Analytics events go through the plugin's writer, which the server's own goals share (plugin.ts).
  const events = app.measurementEvents;
  app.addHook("onClose", () => beacons.close());
  // Rows and bytes per address and UTC day, pixel and collector together (MEASURE_DAILY_ROWS, MEASURE_DAILY_BYTES).
  const budget = createDailyBudget({ rows: app.config.measureDailyRows, bytes: app.config.measureDailyBytes });
  let retention: ReturnType<typeof scheduleRetention> | undefined;
  app.addHook("onReady", async () => {
    retention = scheduleRetention(store, app.config.measureRetentionDays, {
      onDeleted: (rows) =>
        rows && app.log.info(`measurement: ${rows} rows older than ${app.config.measureRetentionDays} days deleted`),
      onError: (error) => app.log.error({ err: error }, "measurement: retention clean-up failed"),
    });
  });
  app.addHook("onClose", async () => retention?.stop());
  // Per IP, for each endpoint (MEASURE_RATE_LIMIT), through the app's one rate limiter.
  const rateLimited = { rateLimit: { max: app.config.measureRateLimit, timeWindow: 60_000 } };

  const pixelHeaders = {
    "cache-control": "no-store",
    "access-control-allow-origin": "*",
    "cross-origin-resource-policy": "cross-origin",
    "content-type": "image/png",
  };
  app.get<{ Params: { site: string; page: string }; Querystring: Record<string, unknown> }>(
    "/rum/:site/:page",
    // HEAD answers 405 (below) instead of recording a beacon.
    { config: rateLimited, exposeHeadRoute: false },
    (request, reply) => {
      const beacon = parseRumBeacon(request.params.site, request.params.page, request.query);
      if (beacon && budget.take(request.ip, 1, JSON.stringify(beacon).length))
        beacons.add({ ...beacon, receivedAt: new Date().toISOString() });
      reply.headers(pixelHeaders).send(pixelPng);
    },
  );

  // sendBeacon posts text/plain (no CORS preflight), which Fastify hands over as a string.
  app.post("/api/collect", { config: rateLimited, bodyLimit: maxBatchBytes }, async (request, reply) => {
    let body = request.body;
    if (typeof body === "string") {
      try {
        body = JSON.parse(body);
      } catch {
        return reply.code(400).send({ error: "body must be JSON" });
      }
      // Its escapes ("\u0000") are read only now, after the app's input guard (request-input.ts).
      assertStorable(body);
    }
    const result = v.safeParse(batchSchema, body);
    if (!result.success) return reply.code(400).send({ error: result.issues[0].message });
    const bytes =
      typeof request.body === "string"
        ? Buffer.byteLength(request.body)
        : Buffer.byteLength(JSON.stringify(result.output));
    if (!budget.take(request.ip, result.output.events.length, bytes))
      return reply.code(429).header("access-control-allow-origin", "*").send({ error: dailyLimitError });
    const receivedAt = new Date().toISOString();
    // Only the categories are kept, never the header (no new personal data).
    const userAgent = request.headers["user-agent"];
    const client = { device: deviceOf(userAgent), browser: browserOf(userAgent) };
    for (const event of result.output.events) events.add({ ...event, receivedAt, ...client });
    return reply.code(204).header("access-control-allow-origin", "*").send();
  });
}
