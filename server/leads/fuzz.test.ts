// Property tests: thousands of random query strings and bodies at both endpoints. Whatever
// arrives, the answer is JSON {message} or {error} with a status below 500; to a form posted
// without JavaScript, a 303 to its result page or a page.
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../tests/support/app.ts";
import { leadFieldNames } from "../outbox/handoff.ts";

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp());
});
afterAll(() => app.close());

const fieldNames = [
  ...leadFieldNames,
  "list",
  "what",
  "first_name",
  "last_name",
  "website",
  "_xsrf",
  "__proto__",
  "constructor",
];
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.constantFrom("", "subscribe", "Lead", "tallyway.example", "a@example.com", "%", "%E0%A4%A", "&&==", "\r\n"),
);
const field = fc.oneof(fc.constantFrom(...fieldNames), fc.string());
/** Query strings made of known and unknown fields, raw or percent-encoded, repeated or not. */
const queryString = fc
  .array(fc.tuple(field, anyText, fc.boolean()), { maxLength: 12 })
  .map((pairs) =>
    pairs
      .map(([key, value, encode]) =>
        encode ? `${encodeURIComponent(key)}=${encodeURIComponent(value)}` : `${key}=${value}`.replace(/[#\s]/g, ""),
      )
      .join("&"),
  );
const jsonValue = fc.jsonValue({ maxDepth: 3 });
const body = fc.oneof(
  fc
    .dictionary(field, fc.oneof(anyText, jsonValue))
    .map((value) => ({ type: "application/json", payload: JSON.stringify(value) })),
  jsonValue.map((value) => ({ type: "application/json", payload: JSON.stringify(value) })),
  fc.string({ unit: "binary" }).map((payload) => ({ type: "application/json", payload })),
  queryString.map((payload) => ({ type: "application/x-www-form-urlencoded", payload })),
  fc
    .tuple(
      fc.constantFrom("text/plain", "application/xml", "multipart/form-data", "application/json; charset=utf-16", ""),
      fc.string(),
    )
    .map(([type, payload]) => ({ type, payload })),
);

function expectClean(response: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(response.statusCode).toBeLessThan(500);
  const answer = JSON.parse(response.body) as Record<string, unknown>;
  expect(typeof answer.message === "string" || typeof answer.error === "string").toBe(true);
}

describe.each(["/contactUs", "/mailingList"])("%s never answers 5xx", (endpoint) => {
  it("to random query strings", async () => {
    await fc.assert(
      fc.asyncProperty(queryString, async (query) => {
        let response;
        try {
          response = await app.inject({ url: `${endpoint}?${query}` });
        } catch (error) {
          // light-my-request refuses some URLs before they reach the server; nothing to test then.
          if (error instanceof TypeError) return;
          throw error;
        }
        expectClean(response);
      }),
      { numRuns: 1500 },
    );
  }, 120_000);

  it("to random bodies with a valid XSRF pair", async () => {
    const token = "p".repeat(32);
    await fc.assert(
      fc.asyncProperty(body, async ({ type, payload }) => {
        const response = await app.inject({
          method: "POST",
          url: endpoint,
          payload,
          headers: { ...(type ? { "content-type": type } : {}), "x-xsrf-token": token },
          cookies: { "XSRF-TOKEN": token },
        });
        expectClean(response);
      }),
      { numRuns: 1500 },
    );
  }, 120_000);

  it("to random form posts from a browser without JavaScript", async () => {
    await fc.assert(
      fc.asyncProperty(queryString, async (payload) => {
        const response = await app.inject({
          method: "POST",
          url: endpoint,
          payload,
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            accept: "text/html",
            origin: "https://www.tallyway.example",
          },
        });
        if (response.statusCode === 303) return void expect(response.headers.location).toBe(`${endpoint}/sent`);
        expect([400, 413]).toContain(response.statusCode);
        expect(response.headers["content-type"]).toMatch(/^text\/html/);
        expect(response.body).toMatch(/<div class="alert" role="alert"><p>[^<]+<\/p><\/div>/);
      }),
      { numRuns: 1000 },
    );
  }, 120_000);
});
