/**
 * What the console store must do on every engine (stores.contract.test.ts runs it on SQLite
 * and PostgreSQL, with two sets of stores on one database as two instances would have):
 * accounts, sessions with idle and absolute expiry, the audit log, the inbox's filters and a
 * lead's notification state, and data requests: the export lists every stored record of an
 * address, and the erase leaves none.
 */
import { describe, expect, it } from "vitest";
import type { AuditKind } from "#common/console-audit.ts";
import type { OutgoingMail } from "../outbox/mail.ts";
import type { OutgoingRequest } from "../outbox/outbox-store.ts";
import type { Stores } from "../stores.ts";
import type { AuditAction } from "../audit/audit-kinds.ts";
import { severalAccounts } from "../audit/audit-log.ts";
import type { WithFixture } from "../../tests/support/contract.ts";

export interface ConsoleContractFixture {
  a: Stores;
  b: Stores;
  count(table: "leads" | "subscribers" | "outbox"): Promise<number>;
}

const t0 = new Date("2026-03-09T10:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const hour = 3_600_000;
const limits = { idleMs: 8 * hour, absoluteMs: 7 * 24 * hour };
const lead = (email: string, subject: string, details = "Hello") => ({
  domain: "www.example.com",
  type: "Lead",
  name: "Ann Lee",
  email,
  subject,
  details,
});
const notification =
  (email: string) =>
  (id: number): OutgoingMail => ({
    to: "sales@example.com",
    replyTo: `"Ann Lee" <${email}>`,
    subject: `Lead ${id}: question`,
    text: "",
    html: "",
    priority: "high",
  });
const confirmation = (s: { email: string }): OutgoingMail => ({ to: s.email, subject: "Confirm", text: "", html: "" });

export function describeConsoleStoreContract(withFixture: WithFixture<ConsoleContractFixture>): void {
  describe("ConsoleStore", () => {
    it(
      "keeps the three roles, an editor's too, and refuses any other",
      withFixture(async ({ a, b }) => {
        await a.console.addAccount({ email: "ed@example.com", role: "editor", passwordHash: "h" }, t0);
        expect(await b.console.account("ed@example.com")).toMatchObject({ role: "editor" });
        expect(await b.console.updateAccount("ed@example.com", { role: "viewer" }, t0)).toBe(true);
        expect(await a.console.account("ed@example.com")).toMatchObject({ role: "viewer" });
        await expect(
          a.console.addAccount({ email: "x@example.com", role: "admin" as never, passwordHash: "h" }, t0),
        ).rejects.toThrow();
      }),
    );
    it(
      "adds, finds, changes and removes accounts; addresses are case-insensitive and unique",
      withFixture(async ({ a, b }) => {
        const added = await a.console.addAccount({ email: "Owner@Example.com", role: "owner", passwordHash: "h1" }, t0);
        expect(added).toMatchObject({
          email: "owner@example.com",
          role: "owner",
          passwordHash: "h1",
          totpSecret: null,
        });
        await expect(
          b.console.addAccount({ email: "owner@example.com", role: "viewer", passwordHash: "h2" }, t0),
        ).rejects.toThrow();
        expect(
          await b.console.updateAccount("OWNER@example.com", { passwordHash: "h3", totpSecret: "SECRET" }, at(1000)),
        ).toBe(true);
        expect(await a.console.account("owner@example.com")).toMatchObject({
          passwordHash: "h3",
          totpSecret: "SECRET",
          updatedAt: at(1000).toISOString(),
        });
        expect(await a.console.updateAccount("nobody@example.com", { passwordHash: "x" }, t0)).toBe(false);
        expect((await a.console.accounts()).map((x) => x.email)).toEqual(["owner@example.com"]);
        await a.console.addSession("s1", added.id, t0);
        expect(await b.console.removeAccount("owner@example.com")).toBe(true);
        expect(await a.console.account("owner@example.com")).toBeUndefined();
        expect(await a.console.session("s1", t0, limits)).toBeUndefined();
      }),
    );

    it(
      "keeps each account's name as given, trimmed, and none when it is blank; a session carries it",
      withFixture(async ({ a, b }) => {
        const named = await a.console.addAccount(
          { email: "ada@example.com", role: "editor", passwordHash: "h", name: "  Ada Lovelace " },
          t0,
        );
        expect(named.name).toBe("Ada Lovelace");
        const unnamed = await a.console.addAccount({ email: "bob@example.com", role: "owner", passwordHash: "h" }, t0);
        expect(unnamed.name).toBeNull();
        expect(await b.console.updateAccount("BOB@example.com", { name: "Bob Öztürk-Smith" }, at(1000))).toBe(true);
        expect(await a.console.account("bob@example.com")).toMatchObject({
          name: "Bob Öztürk-Smith",
          updatedAt: at(1000).toISOString(),
        });
        // A change of something else keeps the name.
        await a.console.updateAccount("bob@example.com", { passwordHash: "h2" }, at(2000));
        expect((await b.console.account("bob@example.com"))?.name).toBe("Bob Öztürk-Smith");
        await b.console.addSession("named", named.id, t0);
        expect((await a.console.session("named", t0, limits))?.name).toBe("Ada Lovelace");
        expect(await b.console.updateAccount("ada@example.com", { name: "   " }, at(3000))).toBe(true);
        expect((await a.console.account("ada@example.com"))?.name).toBeNull();
        expect((await a.console.accounts()).map((x) => [x.email, x.name])).toEqual([
          ["ada@example.com", null],
          ["bob@example.com", "Bob Öztürk-Smith"],
        ]);
      }),
    );

    it(
      "keeps a session across instances until it is idle too long, too old, or ended",
      withFixture(async ({ a, b }) => {
        const { id } = await a.console.addAccount({ email: "v@example.com", role: "viewer", passwordHash: "h" }, t0);
        await a.console.addSession("idle", id, t0);
        expect((await b.console.session("idle", at(7 * hour), limits))?.email).toBe("v@example.com");
        // Used at 7 h: idle from there, so still alive at 14 h, gone 8 h after its last use.
        expect(await b.console.session("idle", at(14 * hour), limits)).toBeDefined();
        expect(await a.console.session("idle", at(22 * hour + 1000), limits)).toBeUndefined();
        expect(await a.console.session("idle", at(14 * hour), limits)).toBeUndefined();

        await a.console.addSession("old", id, t0);
        for (let h = 6; h < 7 * 24; h += 6) expect(await b.console.session("old", at(h * hour), limits)).toBeDefined();
        expect(await b.console.session("old", at(7 * 24 * hour + 1000), limits)).toBeUndefined();

        await a.console.addSession("x", id, t0);
        await a.console.addSession("y", id, t0);
        await b.console.endSession("x");
        expect(await a.console.session("x", t0, limits)).toBeUndefined();
        expect(await a.console.session("y", t0, limits)).toBeDefined();
        expect(await a.console.endSessionsOf(id)).toBe(1);
        expect(await a.console.session("y", t0, limits)).toBeUndefined();
      }),
    );

    it(
      "takes each TOTP step of an account once, and none before it, even from two instances at once",
      withFixture(async ({ a, b }) => {
        const { id } = await a.console.addAccount({ email: "t@example.com", role: "owner", passwordHash: "h" }, t0);
        const other = await a.console.addAccount({ email: "u@example.com", role: "owner", passwordHash: "h" }, t0);
        expect(await a.console.useTotpStep(id, 1000)).toBe(true);
        expect(await b.console.useTotpStep(id, 1000)).toBe(false);
        expect(await b.console.useTotpStep(id, 999)).toBe(false);
        expect(await b.console.useTotpStep(other.id, 1000)).toBe(true);
        const both = await Promise.all([a.console.useTotpStep(id, 1001), b.console.useTotpStep(id, 1001)]);
        expect(both.filter(Boolean)).toHaveLength(1);
        expect(await a.console.useTotpStep(id, 1003)).toBe(true);
        expect(await b.console.useTotpStep(id, 1002)).toBe(false);
      }),
    );

    it(
      "writes the audit log newest first",
      withFixture(async ({ a, b }) => {
        const entry = (time: Date, action: "sign-in" | "export", detail: string) => ({
          at: time.toISOString(),
          account: "o@example.com",
          address: "192.0.2.1",
          action,
          detail,
        });
        await a.console.audit(entry(t0, "sign-in", ""));
        await b.console.audit(entry(at(1000), "export", "leads"));
        expect(await a.console.auditLog({ limit: 10, offset: 0 })).toEqual([
          { ...entry(at(1000), "export", "leads"), count: 1 },
          { ...entry(t0, "sign-in", ""), count: 1 },
        ]);
        expect(await a.console.auditLog({ limit: 1, offset: 1 })).toHaveLength(1);
      }),
    );

    it(
      "counts a repeated entry in one row per address, reason and minute, whatever account it names, from both instances at once",
      withFixture(async ({ a, b }) => {
        const failed = (ms: number, address = "192.0.2.1", detail = "wrong password", account = "o@example.com") => ({
          at: at(ms).toISOString(),
          account,
          address,
          action: "sign-in-failed" as const,
          detail,
        });
        const cap = { perHour: 10 };
        await Promise.all(
          Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).console.auditRepeated(failed(i * 100), cap)),
        );
        // Another name each time (up to 320 characters): still one row, naming no one of them.
        await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            (i % 2 ? a : b).console.auditRepeated(
              failed(5000 + i, "192.0.2.3", "unknown address", `${i}${"x".repeat(300)}@e.example`),
              cap,
            ),
          ),
        );
        await a.console.auditRepeated(failed(5000, "192.0.2.2"), cap);
        await a.console.auditRepeated(failed(5000, "192.0.2.1", "unknown address"), cap);
        await b.console.auditRepeated(failed(60_000), cap);
        await a.console.audit({
          at: at(61_000).toISOString(),
          account: "o@example.com",
          address: "192.0.2.9",
          action: "sign-in",
          detail: "",
        });
        const log = await b.console.auditLog({ limit: 10, offset: 0 });
        expect(
          log.map(({ account, address, detail, count, at: time }) => [time, account, address, detail, count]),
        ).toEqual([
          [at(61_000).toISOString(), "o@example.com", "192.0.2.9", "", 1],
          [at(60_000).toISOString(), "o@example.com", "192.0.2.1", "wrong password", 1],
          [at(5000).toISOString(), "o@example.com", "192.0.2.1", "unknown address", 1],
          [at(5000).toISOString(), "o@example.com", "192.0.2.2", "wrong password", 1],
          [expect.any(String), severalAccounts, "192.0.2.3", "unknown address", 30],
          [expect.any(String), "o@example.com", "192.0.2.1", "wrong password", 40],
        ]);
      }),
    );

    it(
      "writes at most `perHour` rows of an address's refusals in an hour, then one that counts the rest",
      withFixture(async ({ a, b }) => {
        const failed = (ms: number, address = "192.0.2.1") => ({
          at: at(ms).toISOString(),
          account: `n${ms}@example.com`,
          address,
          action: "sign-in-failed" as const,
          detail: "unknown address",
        });
        const cap = { perHour: 3 };
        const minute = 60_000;
        // Ten minutes of failures, three in each minute, from both instances.
        for (let m = 0; m < 10; m++)
          await Promise.all([0, 1, 2].map((i) => (i % 2 ? a : b).console.auditRepeated(failed(m * minute + i), cap)));
        await a.console.auditRepeated(failed(5 * minute, "192.0.2.2"), cap);
        // The next hour starts again.
        await b.console.auditRepeated(failed(hour), cap);
        const log = await a.console.auditLog({ limit: 20, offset: 0 });
        expect(log.map(({ address, detail, count }) => [address, detail, count])).toEqual([
          ["192.0.2.1", "unknown address", 1],
          ["192.0.2.2", "unknown address", 1],
          ["192.0.2.1", "… and 21 more this hour", 21],
          ["192.0.2.1", "unknown address", 3],
          ["192.0.2.1", "unknown address", 3],
          ["192.0.2.1", "unknown address", 3],
        ]);
      }),
    );

    it(
      "reads the audit log by kind: the team's actions without failed sign-ins, or one kind, or all",
      withFixture(async ({ a, b }) => {
        const entry = (ms: number, action: AuditAction) => ({
          at: at(ms).toISOString(),
          account: "o@example.com",
          address: "192.0.2.1",
          action,
          detail: "",
        });
        await a.console.audit(entry(0, "export"));
        await a.console.audit(entry(1000, "content-publish"));
        await a.console.audit(entry(2000, "sign-in"));
        for (let i = 0; i < 5; i++)
          await b.console.auditRepeated(
            { ...entry(3000, "sign-in-failed"), address: `192.0.2.${10 + i}` },
            { perHour: 10 },
          );
        const actions = async (kind?: AuditKind) =>
          (await b.console.auditLog({ limit: 3, offset: 0 }, kind)).map((e) => e.action);
        expect(await actions()).toEqual(["sign-in-failed", "sign-in-failed", "sign-in-failed"]);
        expect(await actions("all")).toEqual(["sign-in-failed", "sign-in-failed", "sign-in-failed"]);
        expect(await actions("team")).toEqual(["sign-in", "content-publish", "export"]);
        expect(await actions("data")).toEqual(["export"]);
        expect(await actions("failed-sign-ins")).toHaveLength(3);
        expect((await b.console.auditLog({ limit: 3, offset: 1 }, "team")).map((e) => e.action)).toEqual([
          "content-publish",
          "export",
        ]);
      }),
    );

    it(
      "deletes audit entries older than a time",
      withFixture(async ({ a, b }) => {
        const entry = (ms: number) => ({
          at: at(ms).toISOString(),
          account: "o@example.com",
          address: "192.0.2.1",
          action: "export" as const,
          detail: "",
        });
        await a.console.audit(entry(-2 * hour));
        await a.console.auditRepeated({ ...entry(-hour - 1), action: "sign-in-failed" }, { perHour: 10 });
        await a.console.audit(entry(-hour));
        await a.console.audit(entry(0));
        expect(await b.console.pruneAudit(at(-hour))).toBe(2);
        expect((await a.console.auditLog({ limit: 10, offset: 0 })).map((e) => e.at)).toEqual([
          at(0).toISOString(),
          at(-hour).toISOString(),
        ]);
      }),
    );

    it(
      "lists leads newest first, filtered by words, dates and status, with their notification's delivery state",
      withFixture(async ({ a, b }) => {
        const first = await a.leads.addLead(
          lead("ann@example.com", "Pricing for 40 seats"),
          notification("ann@example.com"),
          new Date("2026-03-01T09:00:00Z"),
        );
        const second = await a.leads.addLead(
          lead("bo@example.org", "Payroll", "100% of our team_leads"),
          notification("bo@example.org"),
          new Date("2026-03-05T23:30:00Z"),
        );
        await a.leads.addLead(
          lead("cy@example.net", "Demo"),
          notification("cy@example.net"),
          new Date("2026-03-09T08:00:00Z"),
        );
        const page = { limit: 50, offset: 0 };
        const all = await b.console.leads({}, page);
        expect(all.total).toBe(3);
        expect(all.leads.map((l) => l.email)).toEqual(["cy@example.net", "bo@example.org", "ann@example.com"]);
        expect((await b.console.leads({ q: "PRICING" }, page)).leads.map((l) => l.id)).toEqual([first.id]);
        expect((await b.console.leads({ q: "example.org" }, page)).leads.map((l) => l.id)).toEqual([second.id]);
        // LIKE's wildcards are the visitor's characters, not patterns.
        expect((await b.console.leads({ q: "100%" }, page)).leads.map((l) => l.id)).toEqual([second.id]);
        expect((await b.console.leads({ q: "m__s" }, page)).total).toBe(0);
        expect((await b.console.leads({ from: "2026-03-02", to: "2026-03-05" }, page)).leads.map((l) => l.id)).toEqual([
          second.id,
        ]);
        expect(await b.console.changeLead(second.id, { status: "contacted" }, "owner@example.com", t0)).toBeDefined();
        expect((await a.console.leads({ status: "contacted" }, page)).leads.map((l) => l.id)).toEqual([second.id]);
        expect((await a.console.leads({ status: "new" }, page)).total).toBe(2);
        expect((await a.console.leads({}, { limit: 1, offset: 1 })).leads.map((l) => l.id)).toEqual([second.id]);

        const detail = (await a.console.lead(second.id))!;
        expect(detail).toMatchObject({
          email: "bo@example.org",
          status: "contacted",
          changedAt: t0.toISOString(),
          details: "100% of our team_leads",
        });
        expect(detail.fields).toMatchObject({
          id: second.id,
          domain: "www.example.com",
          type: "Lead",
          name: "Ann Lee",
        });
        expect(await a.console.changeLead(999_999, { status: "won" }, "owner@example.com", t0)).toBeUndefined();
      }),
    );

    it(
      "keeps a lead's status, owner and notes with one history entry per change, filters by source and campaign, and an erase takes the history",
      withFixture(async ({ a, b }) => {
        const touch = (source: string, campaign: string | null) => ({ source, campaign, landing: "home" });
        const tagged = await a.leads.addLead(
          {
            ...lead("dee@example.com", "Pricing"),
            attribution: { first: touch("newsletter", "autumn"), visit: touch("Direct", null) },
          },
          notification("dee@example.com"),
          at(0),
        );
        const sentOnly = await a.leads.addLead(
          { ...lead("eve@example.com", "Demo"), attribution: { first: null, visit: touch("Google", "brand") } },
          notification("eve@example.com"),
          at(1000),
        );
        await a.leads.addLead(lead("fay@example.com", "Other"), notification("fay@example.com"), at(2000));
        const page = { limit: 50, offset: 0 };
        // The first visit names the source, else the visit the form was sent in; the campaign is that visit's.
        expect(await b.console.lead(tagged.id)).toMatchObject({
          status: "new",
          owner: null,
          changedAt: null,
          source: "newsletter",
          campaign: "autumn",
        });
        expect(await b.console.lead(sentOnly.id)).toMatchObject({ source: "Google", campaign: "brand" });
        expect(await b.console.leadFacets()).toEqual({
          sources: ["Google", "newsletter"],
          campaigns: ["autumn", "brand"],
        });
        expect((await b.console.leads({ source: "newsletter" }, page)).leads.map((l) => l.id)).toEqual([tagged.id]);
        expect((await b.console.leads({ campaign: "brand" }, page)).leads.map((l) => l.id)).toEqual([sentOnly.id]);
        expect((await b.console.leads({ source: "Direct" }, page)).total).toBe(0);

        const changed = await a.console.changeLead(
          tagged.id,
          { status: "contacted", owner: "ann@example.com", note: "  Called, wants a demo.  " },
          "ann@example.com",
          at(5000),
        );
        expect(changed?.lead).toMatchObject({
          status: "contacted",
          owner: "ann@example.com",
          changedAt: at(5000).toISOString(),
        });
        expect(changed?.events.map((e) => [e.kind, e.value, e.previous])).toEqual([
          ["status", "contacted", "new"],
          ["owner", "ann@example.com", ""],
          ["note", "Called, wants a demo.", null],
        ]);
        // The same status or owner again is no change; an empty note is none.
        expect(
          (await b.console.changeLead(tagged.id, { status: "contacted", note: " " }, "bo@example.com", at(6000)))
            ?.events,
        ).toEqual([]);
        expect((await b.console.lead(tagged.id))?.changedAt).toBe(at(5000).toISOString());
        await b.console.changeLead(tagged.id, { status: "won", owner: "" }, "bo@example.com", at(7000));
        const history = await a.console.leadHistory(tagged.id);
        expect(
          history.map(({ at: when, account, kind, value, previous }) => [when, account, kind, value, previous]),
        ).toEqual([
          [at(5000).toISOString(), "ann@example.com", "status", "contacted", "new"],
          [at(5000).toISOString(), "ann@example.com", "owner", "ann@example.com", ""],
          [at(5000).toISOString(), "ann@example.com", "note", "Called, wants a demo.", null],
          [at(7000).toISOString(), "bo@example.com", "status", "won", "contacted"],
          [at(7000).toISOString(), "bo@example.com", "owner", "", "ann@example.com"],
        ]);
        expect(await b.console.lead(tagged.id)).toMatchObject({ status: "won", owner: null });
        expect(
          await b.console.changeLead(tagged.id, { status: "bogus" as never }, "x", at(8000)).catch(() => "refused"),
        ).toBe("refused");

        // The export carries the notes; the erase leaves no history behind.
        const exported = await a.console.dataRequest("dee@example.com");
        expect((exported.leads[0].history as unknown[]).length).toBe(5);
        await b.console.erase("dee@example.com", at(9000));
        expect(await a.console.leadHistory(tagged.id)).toEqual([]);
      }),
    );

    it(
      "counts and lists subscribers by status and words",
      withFixture(async ({ a, b }) => {
        for (const email of ["p@example.com", "s@example.com", "u@example.com"])
          await a.subscribers.addSubscriber(
            { list: "news", email, firstName: email[0].toUpperCase(), lastName: "Ng" },
            confirmation,
            t0,
          );
        const subscribed = (await b.console.subscribers({ q: "s@" }, { limit: 10, offset: 0 })).subscribers[0];
        const unsubscribed = (await b.console.subscribers({ q: "u@" }, { limit: 10, offset: 0 })).subscribers[0];
        const nonce = (await a.subscribers.getSubscriber(subscribed.id))!.confirmNonce!;
        expect(await a.subscribers.confirmSubscriber(subscribed.id, nonce, at(1000))).toBe(true);
        await a.subscribers.unsubscribe(unsubscribed.id, at(1000), "link");
        expect(await b.console.subscriberCounts()).toEqual({ pending: 1, subscribed: 1, unsubscribed: 1 });
        // When and how each one left; the others have not.
        const left = await b.console.subscribers({ status: "unsubscribed" }, { limit: 10, offset: 0 });
        expect(left.subscribers).toMatchObject([
          { email: "u@example.com", left: { at: at(1000).toISOString(), by: "link" } },
        ]);
        expect((await b.console.subscribers({ q: "s@" }, { limit: 10, offset: 0 })).subscribers[0].left).toBeNull();
        const confirmed = await b.console.subscribers({ status: "subscribed" }, { limit: 10, offset: 0 });
        expect(confirmed).toMatchObject({
          total: 1,
          subscribers: [
            { email: "s@example.com", firstName: "S", status: "subscribed", confirmedAt: at(1000).toISOString() },
          ],
        });
        expect((await b.console.subscribers({ q: "NG" }, { limit: 10, offset: 0 })).total).toBe(3);
      }),
    );

    it(
      "exports every stored record of an address, and the erase leaves none of them (and nobody else's)",
      withFixture(async ({ a, b, count }) => {
        const ann = "ann@example.com";
        const first = await a.leads.addLead(lead(ann, "First"), notification(ann), t0);
        // A webhook about her lead names her only in its body: found by the lead's ref.
        const webhook: OutgoingRequest = {
          channel: "http",
          kind: "webhook",
          url: "https://hooks.example/in",
          event: "lead.created",
          messageId: "msg_1",
          contentType: "application/json",
          body: "{}",
        };
        await a.outbox.add(webhook, t0, `lead:${first.id}`);
        await a.leads.addLead(lead("Ann@Example.com", "Second"), notification("Ann@Example.com"), at(1000));
        await a.leads.addLead(lead("bo@example.org", "Other"), notification("bo@example.org"), at(2000));
        await a.subscribers.addSubscriber(
          { list: "news", email: "ANN@example.com", firstName: "Ann", lastName: "Lee" },
          confirmation,
          t0,
        );
        await a.subscribers.addSubscriber(
          { list: "news", email: "bo@example.org", firstName: "Bo", lastName: "Ng" },
          confirmation,
          t0,
        );

        const records = await b.console.dataRequest(" Ann@Example.COM ");
        expect(records.email).toBe(ann);
        expect(records.leads.map((l) => l.subject)).toEqual(["First", "Second"]);
        expect(records.subscribers.map((s) => s.email)).toEqual(["ANN@example.com"]);
        // Two notifications whose replies go to Ann, her confirmation mail and the webhook of her first lead.
        expect(records.mails).toHaveLength(4);
        expect(
          records.mails.map((m) => (m.mail as OutgoingMail).subject ?? (m.mail as OutgoingRequest).event).sort(),
        ).toEqual(
          [
            "Confirm",
            "lead.created",
            expect.stringMatching(/^Lead \d+: question$/),
            expect.stringMatching(/^Lead \d+: question$/),
          ].sort(),
        );
        expect(JSON.stringify(records)).not.toContain("bo@example.org");

        expect(await a.console.erase(ann, at(3000))).toEqual({
          leads: 2,
          subscribers: 1,
          mails: 4,
          visitorIds: [],
          webhooks: 0,
        });
        expect(await b.console.dataRequest(ann)).toEqual({
          email: ann,
          leads: [],
          subscribers: [],
          mails: [],
          visitIds: [],
        });
        expect([await count("leads"), await count("subscribers"), await count("outbox")]).toEqual([1, 1, 2]);
        expect((await b.console.dataRequest("bo@example.org")).mails).toHaveLength(2);
      }),
    );
  });
}
