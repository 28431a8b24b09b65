// One input contract for both engines (issue 39, point 4), through the real app (buildApp with
// app.inject) on SQLite and on a throwaway PostgreSQL: text PostgreSQL cannot store (NUL, half a
// surrogate pair) and days that are not in the calendar get a 400 that names the field, never a
// 500, and no answer carries the database's own words.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usageFilterKeys } from "#common/usage-filter.ts";
import { fixtureBuild, testApp } from "../tests/support/app.ts";
import { consoleSession, sameSite } from "../tests/support/console-session.ts";
import { testPostgres } from "../tests/support/services.ts";
import { buildApp } from "./app.ts";
import { loadServerConfig } from "./config.ts";
import { hashPassword } from "./console/passwords.ts";

const password = "plum-kettle-orbit-47";
/** What the databases say about such input; none of it may reach a client. */
const databaseWords =
  /invalid byte sequence|date\/time field|out of range|unsupported Unicode escape|Unicode low surrogate|invalid input syntax|SQLITE_|\bpg\b|postgres/i;

type Who = "nobody" | "owner" | "viewer" | "editor";
interface Case {
  name: string;
  who: Who;
  method: "GET" | "POST";
  url: string;
  /** A JSON body, as raw text so it can hold escapes JSON.stringify would not write (a lone "\ud800"). */
  json?: string;
  /** Words the error must hold: the field it names. */
  names?: RegExp;
}

const nul = "\\u0000";
const halfPair = "\\ud800";
const post = (name: string, who: Who, url: string, json: string, names?: RegExp): Case => ({
  name,
  who,
  method: "POST",
  url,
  json,
  names,
});
const get = (name: string, who: Who, url: string, names?: RegExp): Case => ({ name, who, method: "GET", url, names });

const cases: Case[] = [
  post(
    "sign-in, NUL in the address",
    "nobody",
    "/admin/api/session",
    `{"email":"owner@example.com${nul}","password":"x"}`,
    /email/,
  ),
  post(
    "sign-in, half a pair in the address",
    "nobody",
    "/admin/api/session",
    `{"email":"a${halfPair}@example.com","password":"x"}`,
    /email/,
  ),
  post(
    "content save",
    "editor",
    "/admin/api/content/save",
    `{"key":"home-heading","body":"# Hi${nul}","baseVersion":0}`,
    /body/,
  ),
  post(
    "content save, half a pair",
    "editor",
    "/admin/api/content/save",
    `{"key":"home-heading","body":"# Hi${halfPair}","baseVersion":0}`,
    /body/,
  ),
  post("campaign", "owner", "/admin/api/campaigns", `{"subject":"Hi","body":"Text${nul}"}`, /body/),
  post(
    "campaign preview",
    "owner",
    "/admin/api/campaigns/preview",
    `{"subject":"Hi${halfPair}","body":"Text"}`,
    /subject/,
  ),
  ...[
    ["data request", "/admin/api/data-requests", `{"email":"erin${nul}@example.com"}`],
    ["data request export", "/admin/api/data-requests/export", `{"email":"erin${nul}@example.com"}`],
    [
      "data request erase",
      "/admin/api/data-requests/erase",
      `{"email":"erin${nul}@example.com","confirm":"erin${nul}@example.com"}`,
    ],
  ].map(([name, url, json]) => post(name, "owner", url, json, /email/)),
  post("lead note", "owner", "/admin/api/leads/1", `{"note":"call${nul}"}`, /note/),
  post(
    "subscriber import",
    "owner",
    "/admin/api/subscribers/import",
    `{"csv":"email\\nann${nul}@example.com\\n"}`,
    /csv/,
  ),
  post("a key of a body", "owner", "/admin/api/campaigns", `{"subject":"Hi","body":"Text","x${nul}":1}`),
  get("leads search", "owner", "/admin/api/leads?q=%00", /q\b/),
  get("leads CSV search", "owner", "/admin/api/leads.csv?q=ann%00", /q\b/),
  get("leads source", "owner", "/admin/api/leads?source=%00", /source/),
  get("subscribers search", "owner", "/admin/api/subscribers?q=%00", /q\b/),
  get("content entry", "editor", "/admin/api/content/entry?key=home%00", /key/),
  ...usageFilterKeys.map((key) => get(`usage filter ${key}`, "viewer", `/admin/api/usage?${key}=%00`, new RegExp(key))),
  get("leads from 30 February", "owner", "/admin/api/leads?from=2026-02-30", /from/),
  get("leads to 29 February of a common year", "owner", "/admin/api/leads?to=2027-02-29", /to\b/),
  get("leads from 31 April", "owner", "/admin/api/leads?from=2026-04-31", /from/),
  get("leads from a month 13", "owner", "/admin/api/leads?from=2026-13-01", /from/),
  get("leads CSV from 30 February", "owner", "/admin/api/leads.csv?from=2026-02-30", /from/),
  get(
    "leads CSV to 29 February of a common year",
    "owner",
    "/admin/api/leads.csv?from=2026-01-01&to=2026-02-29",
    /to\b/,
  ),
  get("usage from 30 February", "viewer", "/admin/api/usage?from=2026-02-30&to=2026-03-01"),
  // Public endpoints: a script's JSON and the collector.
  post(
    "newsletter sign-up",
    "nobody",
    "/mailingList",
    `{"list":"l","what":"subscribe","email":"a@example.com","first_name":"A${halfPair}"}`,
    /first_name/,
  ),
  post("contact question", "nobody", "/contactUs", `{"email":"a@example.com","details":"Hi${halfPair}"}`, /details/),
];

type App = FastifyInstance;

async function addAccounts(app: App) {
  const passwordHash = await hashPassword(password);
  for (const role of ["owner", "viewer", "editor"] as const)
    await app.stores.console.addAccount({ email: `${role}@example.com`, role, passwordHash }, new Date());
}

const engines: { name: string; open(): Promise<{ app: App; close(): Promise<void> }> }[] = [
  {
    name: "SQLite",
    async open() {
      const { app, db } = await testApp();
      return { app, close: async () => void (await app.close(), db.close()) };
    },
  },
  {
    name: "PostgreSQL",
    async open() {
      const postgres = await testPostgres();
      const app = await buildApp({
        config: loadServerConfig({
          BUILD_DIR: fixtureBuild(),
          DATA_DIR: "/nonexistent",
          DATABASE_URL: postgres.url,
          RATE_LIMIT_PER_MINUTE: "100000",
          SIGNUPS_PER_NETWORK_PER_HOUR: "100000",
          QUESTIONS_PER_NETWORK_PER_HOUR: "100000",
        }),
      });
      await app.ready();
      return { app, close: async () => void (await app.close(), await postgres.stop()) };
    },
  },
];

describe.each(engines)("the input contract on $name", (engine) => {
  let app: App;
  let close: () => Promise<void>;
  const headers: Partial<Record<Who, Record<string, string>>> = { nobody: { ...sameSite } };
  beforeAll(async () => {
    ({ app, close } = await engine.open());
    await addAccounts(app);
    for (const who of ["owner", "viewer", "editor"] as const)
      headers[who] = await consoleSession(app, `${who}@example.com`, password);
  }, 60_000);
  afterAll(() => close(), 60_000);

  it.each(cases)("$name: 400 naming the field, no database words", async ({ who, method, url, json, names }) => {
    const response = await app.inject({
      method,
      url,
      headers: { ...headers[who], ...(json === undefined ? {} : { "content-type": "application/json" }) },
      payload: json,
    });
    expect([response.statusCode, response.body]).toEqual([400, expect.any(String)]);
    expect(response.body).not.toMatch(databaseWords);
    const error = response.json().error as string;
    expect(typeof error).toBe("string");
    if (names) expect(error).toMatch(names);
  });

  it("answers a form posted without JavaScript with its page, naming the field, never a 500", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/contactUs",
      headers: {
        ...sameSite,
        accept: "text/html",
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: "email=a%40example.com&name=Ann%00&details=Hello",
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toMatch(/name/i);
    expect(response.body).not.toContain("\u0000");
    expect(response.body).not.toMatch(databaseWords);
  });

  it("answers a mangled newsletter link with its page", async () => {
    const response = await app.inject({ url: "/mailingList/confirm?token=1.%00" });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toMatch(/This link is not valid/);
  });

  it("refuses half a surrogate pair in a collected event's text", async () => {
    const event = `{"type":"event","uid":"0b6c1a52-7f0e-4c39-9d2e-4d8f3b0f1e2a","page":"home","category":"Video","action":"play","label":"a${halfPair}"}`;
    const response = await app.inject({
      method: "POST",
      url: "/api/collect",
      headers: { "content-type": "text/plain" },
      payload: `{"events":[${event}]}`,
    });
    expect(response.statusCode).toBe(400);
  });

  it("still takes real days and well-formed text", async () => {
    for (const url of [
      "/admin/api/leads?from=2028-02-29&to=2028-03-01&q=ann",
      "/admin/api/leads?from=&to=",
      "/admin/api/leads.csv?from=2026-01-31&to=2026-12-31",
      "/admin/api/subscribers?q=%F0%9F%99%82",
    ])
      expect((await app.inject({ url, headers: headers.owner })).statusCode, url).toBe(200);
  });
});
