// The app's one error handler (issue 39): a 5xx answer says nothing of its cause, on the real app
// too; the cause goes to the server's log; refused input and Fastify's own 4xx keep their words.
import { Writable } from "node:stream";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureBuild } from "../tests/support/app.ts";
import { buildApp } from "./app.ts";
import { loadServerConfig } from "./config.ts";
import { InputRefused } from "./db/errors.ts";
import { answerErrorsWithoutDetails, serverErrorMessage } from "./error-answers.ts";

/** What PostgreSQL says about a NUL: the words that reached clients before. */
const databaseError = () =>
  Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021", severity: "ERROR" });

describe("the app's error answers", () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    app = await buildApp({ config: loadServerConfig({ BUILD_DIR: fixtureBuild(), DATA_DIR: fixtureBuild() }) });
    // Routes of the app's own context, as every feature's are.
    app.get("/test/database-error", async () => {
      throw databaseError();
    });
    app.get("/test/refused", async () => {
      throw new InputRefused('The field "q" is refused.');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it("answers a failure of the database with a generic message, never its words", async () => {
    const response = await app.inject({ url: "/test/database-error" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: serverErrorMessage });
    expect(response.body).not.toMatch(/byte sequence|UTF8|22021/);
    expect(response.headers["content-security-policy"]).toBeTruthy();
  });

  it("answers refused input 400 with its own message, and leaves Fastify's client errors as they are", async () => {
    const refused = await app.inject({ url: "/test/refused" });
    expect([refused.statusCode, refused.json()]).toEqual([400, { error: 'The field "q" is refused.' }]);
    const unsupported = await app.inject({
      method: "POST",
      url: "/api/collect",
      headers: { "content-type": "application/xml" },
      payload: "<x/>",
    });
    expect(unsupported.statusCode).toBe(415);
    expect(unsupported.json()).toMatchObject({ code: "FST_ERR_CTP_INVALID_MEDIA_TYPE" });
  });
});

describe("answerErrorsWithoutDetails", () => {
  it("writes the cause to the server's log, and keeps a 503 a 503", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({ logger: { level: "error", stream } });
    answerErrorsWithoutDetails(app);
    app.get("/fails", async () => {
      throw databaseError();
    });
    app.get("/unavailable", async () => {
      throw Object.assign(new Error("lock held by /data/site.sqlite"), { statusCode: 503 });
    });
    try {
      const fails = await app.inject({ url: "/fails" });
      expect([fails.statusCode, fails.json()]).toEqual([500, { error: serverErrorMessage }]);
      const unavailable = await app.inject({ url: "/unavailable" });
      expect([unavailable.statusCode, unavailable.json()]).toEqual([503, { error: serverErrorMessage }]);
      expect(lines).toEqual([
        expect.objectContaining({
          msg: "request failed",
          route: "/fails",
          err: expect.objectContaining({ message: 'invalid byte sequence for encoding "UTF8": 0x00' }),
        }),
        expect.objectContaining({ route: "/unavailable", err: expect.objectContaining({ statusCode: 503 }) }),
      ]);
    } finally {
      await app.close();
    }
  });
});
