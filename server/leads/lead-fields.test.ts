// What a visitor types that must not reach a mail header, the sales mail or the CSV (issue 25
// point 7): invisible format characters, RFC 2047 encoded-words, malformed %-escapes. The mails
// are read back with mailparser, a parser we did not write.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, waitFor } from "../../tests/support/app.ts";
import type { SqliteDatabase } from "../db/database.ts";
import { malformedEscapeError } from "./wire-fields.ts";

let app: FastifyInstance;
let db: SqliteDatabase;
let dataDir: string;
beforeAll(async () => {
  ({ app, db, dataDir } = await testApp());
});
afterAll(() => app.close());

const contact = { name: "Ann Lee", email: "ann@example.com", subject: "Pricing", details: "How much?" };
const query = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const leadCount = () => (db.prepare("SELECT count(*) AS n FROM leads").get() as { n: number }).n;
const subscriberCount = () => (db.prepare("SELECT count(*) AS n FROM subscribers").get() as { n: number }).n;

describe("invisible format characters", () => {
  const refused: [string, string, string][] = [
    ["a right-to-left override in the name", "name", "Ann \u202Egnp.exe"],
    ["a right-to-left isolate in the subject", "subject", "Invoice \u2067fdp.exe\u2069"],
    ["a zero-width space in the subject", "subject", "Pri\u200Bcing"],
    ["a left-to-right mark in the name", "name", "Ann\u200E Lee"],
    ["a soft hyphen in the name", "name", "Ann\u00ADLee"],
  ];
  it.each(refused)("refuses %s with 400 {error} and stores nothing", async (_what, field, value) => {
    const before = leadCount();
    const response = await app.inject({ url: `/contactUs?${query({ ...contact, [field]: value })}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: `Please remove invisible formatting characters from the ${field}` });
    expect(leadCount()).toBe(before);
  });

  it("refuses them in the question too, with the question's own message (issue 29 point 8)", async () => {
    const before = leadCount();
    const response = await app.inject({
      url: `/contactUs?${query({ ...contact, details: "Invoice for \u202Etxt.exe\u202C" })}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "Please remove invisible formatting characters from your question" });
    expect(leadCount()).toBe(before);
  });

  it("keeps the joiners that names and emoji need (U+200C, U+200D)", async () => {
    const response = await app.inject({
      url: `/contactUs?${query({ ...contact, name: "Mehr\u200Cdad \u{1F469}\u200D\u{1F4BB}" })}`,
    });
    expect(response.statusCode).toBe(200);
  });

  it("refuses them in the newsletter's names too", async () => {
    const before = subscriberCount();
    const response = await app.inject({
      url: `/mailingList?${query({ list: "tallyway.example", what: "subscribe", email: "bo@example.com", first_name: "B\u202Eo" })}`,
    });
    expect(response.statusCode).toBe(400);
    expect(subscriberCount()).toBe(before);
  });
});

describe("encoded-words and addresses in the name", () => {
  it.each([
    ["name", "=?utf-8?b?Q0VPIDxjZW9AZXZpbC5leGFtcGxlPg==?="],
    ["name", "Ann =?UTF-8?Q?CEO_<ceo@evil.example>?="],
    ["subject", "=?utf-8?b?4oCuZ25wLmV4ZQ==?="],
  ])("refuses an encoded-word in the %s (%s)", async (field, value) => {
    const before = leadCount();
    const response = await app.inject({ url: `/contactUs?${query({ ...contact, [field]: value })}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: `Please write the ${field} without =?…?= codes` });
    expect(leadCount()).toBe(before);
  });

  /** The sales mail of the last lead, as written by the transport, parsed by mailparser. */
  const lastSalesMail = async () => {
    const { id } = db.prepare("SELECT max(id) AS id FROM outbox").get() as { id: number };
    const file = await waitFor(() =>
      readdirSync(path.join(dataDir, "mail")).find((f) => f.startsWith(`outbox-${id}.`)),
    );
    return simpleParser(readFileSync(path.join(dataDir, "mail", file)));
  };

  it.each([
    `Ann "CEO" <ceo@evil.example>`,
    "ceo@evil.example",
    "Zoë Ünal, CEO; <b>",
    "=?utf-8?b? not quite",
    `Back\\slash "quoted"`,
  ])(
    "gives mail clients the visitor's address as the only Reply-To, and a display name that is no address (%s)",
    async (name) => {
      const email = `visitor${leadCount()}@example.com`;
      const response = await app.inject({ url: `/contactUs?${query({ ...contact, name, email })}` });
      expect(response.statusCode).toBe(200);
      const mail = await lastSalesMail();
      expect(mail.replyTo?.value).toHaveLength(1);
      const [replyTo] = mail.replyTo!.value;
      expect(replyTo.address).toBe(email);
      expect(replyTo.name).not.toMatch(/[<>@]/);
      expect(mail.to && !Array.isArray(mail.to) && mail.to.value.map((a) => a.address)).toEqual([
        "sales@tallyway.example",
      ]);
      // The lead itself keeps what was typed.
      expect(db.prepare("SELECT name FROM leads WHERE email = ?").get(email)).toEqual({ name });
    },
  );
});

describe("malformed %-escapes", () => {
  it.each(["name=%C3%28", "details=%zz", "subject=100%", "name=%E0%A4%A", "details=Hi%"])(
    "answers 400 to %s in the query and stores nothing",
    async (bad) => {
      const before = leadCount();
      const response = await app.inject({ url: `/contactUs?email=ann%40example.com&details=Q&${bad}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: malformedEscapeError });
      expect(leadCount()).toBe(before);
    },
  );

  it("answers 400 to one in a form body, from a script or a browser without JavaScript", async () => {
    const token = "m".repeat(32);
    const before = subscriberCount();
    const payload = "list=tallyway.example&what=subscribe&email=bo%40example.com&first_name=%C3%28";
    const script = await app.inject({
      method: "POST",
      url: "/mailingList",
      payload,
      headers: { "content-type": "application/x-www-form-urlencoded", "x-xsrf-token": token },
      cookies: { "XSRF-TOKEN": token },
    });
    expect(script.statusCode).toBe(400);
    expect(script.json()).toEqual({ error: malformedEscapeError });
    const form = await app.inject({
      method: "POST",
      url: "/mailingList",
      payload,
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    });
    expect(form.statusCode).toBe(400);
    expect(form.body).toContain(malformedEscapeError);
    expect(subscriberCount()).toBe(before);
  });

  it("still reads what is well encoded: + as a space, UTF-8 escapes, a literal %25", async () => {
    const email = "escapes@example.com";
    const response = await app.inject({ url: `/contactUs?email=${email}&details=50%25+off%3F&name=Zo%C3%AB+Lee` });
    expect(response.statusCode).toBe(200);
    expect(db.prepare("SELECT name, details FROM leads WHERE email = ?").get(email)).toEqual({
      name: "Zoë Lee",
      details: "50% off?",
    });
  });
});
