/**
 * The stores' half of the one input contract (issue 39), run on SQLite and PostgreSQL by
 * stores.contract.test.ts: text no database of ours can store (NUL, half a surrogate pair) and a
 * day the calendar lacks are refused with InputRefused before anything is written, never with
 * the database's own words; every other character is kept as it was sent, alike on both.
 */
import { describe, expect, it } from "vitest";
import { isInputRefused } from "./db/errors.ts";
import type { OutgoingMail } from "./outbox/mail.ts";
import type { Stores } from "./stores.ts";
import type { WithFixture } from "../tests/support/contract.ts";

export interface InputContractFixture {
  a: Stores;
  b: Stores;
  count(table: "leads" | "subscribers" | "outbox" | "analytics_events"): Promise<number>;
}

const t0 = new Date("2026-03-09T10:00:00.000Z");
const page = { limit: 50, offset: 0 };
const uid = "0b6c1a52-7f0e-4c39-9d2e-4d8f3b0f1e2a";
const lead = (fields: Partial<{ name: string; details: string; email: string }> = {}) => ({
  domain: "www.example.com",
  type: "Lead",
  name: "Ann Lee",
  email: "ann@example.com",
  subject: "Question",
  details: "Hello",
  ...fields,
});
const mail = (): OutgoingMail => ({ to: "sales@example.com", subject: "Lead", text: "", html: "", priority: "high" });
/** What the databases say about such input; none of it may reach a caller. */
const databaseWords = /invalid byte sequence|date\/time field|unsupported Unicode|low surrogate|invalid input syntax/i;

/** Each malformed input and the store call given it. */
const malformed: [name: string, call: (stores: Stores) => unknown][] = [
  ["a lead with NUL in its name", (s) => s.leads.addLead(lead({ name: "Ann\u0000" }), mail, t0)],
  ["a lead with half a pair in its question", (s) => s.leads.addLead(lead({ details: "Hi \ud83d" }), mail, t0)],
  [
    "a subscriber with NUL in the first name",
    (s) =>
      s.subscribers.addSubscriber(
        { list: "l", email: "bo@example.com", firstName: "B\u0000", lastName: "" },
        () => mail(),
        t0,
      ),
  ],
  ["an account looked up by an address with NUL", (s) => s.console.account("owner@example.com\u0000")],
  ["the inbox searched for NUL", (s) => s.console.leads({ q: "\u0000" }, page)],
  ["the inbox from 30 February", (s) => s.console.leads({ from: "2026-02-30" }, page)],
  ["the inbox to 29 February of a common year", (s) => s.console.leads({ to: "2027-02-29" }, page)],
  ["the subscribers searched for half a pair", (s) => s.console.subscribers({ q: "\udc00" }, page)],
  ["a data request for an address with NUL", (s) => s.console.dataRequest("erin\u0000@example.com")],
  [
    "an audit entry with NUL",
    (s) =>
      s.console.audit({
        at: t0.toISOString(),
        account: "a\u0000",
        address: "192.0.2.1",
        action: "sign-in",
        detail: "",
      }),
  ],
  [
    "a content save with NUL",
    (s) => s.content.save("home-heading", "# Hi\u0000", { account: "ann@example.com", baseVersion: 0, now: t0 }),
  ],
  [
    "a campaign with half a pair",
    (s) => s.campaigns.create({ subject: "Hi", body: "Text \ud800", source: null }, "ann@example.com", t0),
  ],
  [
    "an analytics event with half a pair",
    (s) =>
      s.measurement.addEvents([{ receivedAt: t0.toISOString(), type: "pageview", uid, page: "home", title: "\udfff" }]),
  ],
];

export function describeInputContract(withFixture: WithFixture<InputContractFixture>): void {
  describe("the input contract", () => {
    it.each(malformed)("refuses %s with InputRefused, writing nothing", (_name, call) =>
      withFixture(async (f) => {
        // Some stores answer synchronously (SQLite): a throw and a rejection are the same refusal.
        const error = await Promise.resolve()
          .then(() => call(f.a))
          .then(
            () => undefined,
            (reason: unknown) => reason,
          );
        expect(isInputRefused(error), String(error)).toBe(true);
        expect(String((error as Error).message)).not.toMatch(databaseWords);
        for (const table of ["leads", "subscribers", "outbox", "analytics_events"] as const)
          expect([table, await f.count(table)]).toEqual([table, 0]);
        expect(await f.b.content.history("home-heading")).toEqual([]);
        expect(await f.b.campaigns.list()).toEqual([]);
      })(),
    );

    it(
      "keeps every other character as it was sent: other control characters, whole pairs, U+FFFF",
      withFixture(async (f) => {
        const details = "tab\there \u0001\u007f 🙂 \uffff \u202e end";
        await f.a.leads.addLead(lead({ details }), mail, t0);
        expect((await f.b.leads.leadsSince(new Date(0))).map((l) => l.details)).toEqual([details]);
        expect((await f.b.console.leads({ q: "🙂", from: "2026-03-09", to: "2026-03-09" }, page)).total).toBe(1);
        expect((await f.b.console.leads({ from: "2028-02-29" }, page)).total).toBe(0);
      }),
    );
  });
}
