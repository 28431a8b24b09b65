/**
 * The erase of one person leaves nothing of them on any engine (stores.contract.test.ts runs it
 * on SQLite and PostgreSQL): seeded with a lead, a subscription, visits and mails (queued rows,
 * webhooks and `.eml` files), the erase of the address leaves no row of any table with the
 * address or the visitor id in any column, no file under DATA_DIR holding them (the SQLite file,
 * its -wal and the mails), an empty data export, and a signed `*.erased` webhook that names
 * only ids; another person's records stay. The export and the erase find every spelling of the
 * address that reaches the same inbox, as the confirmation-mail limits count them
 * (leads/mailbox.ts): `+tag`s, case, and dots where the provider ignores them.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DatabaseEngine } from "../db/engine.ts";
import { createHandoff } from "../outbox/handoff.ts";
import type { OutgoingMail } from "../outbox/mail.ts";
import { fileTransport } from "../outbox/transport.ts";
import { engineStores, type Stores } from "../stores.ts";
import { eraseAddress } from "./erase.ts";
import type { WithFixture } from "../../tests/support/contract.ts";

export interface EraseContractFixture {
  a: Stores;
  /** DATA_DIR: the SQLite database's folder, and where mail is written as .eml files on both engines. */
  dataDir: string;
}

const t0 = new Date("2026-03-09T10:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const erin = { name: "Erin Doe", email: "Erin.Doe@Example.com", uid: "0f1e2d3c-4b5a-4968-8776-655443322110" };
const other = { name: "Bo Ng", email: "bo@example.org", uid: "11111111-2222-4333-8444-555555555555" };

/** Every row of every table, as JSON text: what the erase must leave no trace of the person in. */
async function everyRow(database: DatabaseEngine): Promise<Record<string, string>> {
  const rows: Record<string, string> = {};
  if (database.kind === "sqlite") {
    const tables = database.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
    }[];
    for (const { name } of tables) rows[name] = JSON.stringify(database.db.prepare(`SELECT * FROM "${name}"`).all());
  } else {
    const { rows: tables } = await database.pool.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
    );
    for (const { name } of tables)
      rows[name] = JSON.stringify((await database.pool.query(`SELECT * FROM "${name}"`)).rows);
  }
  return rows;
}

/** Every file under `dir` (the database, its -wal and -shm, the mails), read as bytes. */
function everyFile(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) Object.assign(files, everyFile(full));
    else files[full] = readFileSync(full, "latin1");
  }
  return files;
}

const holding = (texts: Record<string, string>, needles: string[]) =>
  Object.entries(texts)
    .filter(([, text]) => needles.some((needle) => text.toLowerCase().includes(needle.toLowerCase())))
    .map(([name]) => name);

/** The tables naming one of the addresses as a whole (xann@ or ann@example.com.org are other addresses). */
const naming = (texts: Record<string, string>, emails: string[]) =>
  Object.entries(texts)
    .filter(([, text]) =>
      emails.some((email) =>
        new RegExp(`(?<![\\w.+%-])${email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w.-])`, "i").test(text),
      ),
    )
    .map(([name]) => name);

export function describeEraseContract(withFixture: WithFixture<EraseContractFixture>): void {
  describe("erasing a person", () => {
    it(
      "leaves nothing of them in any table, any file under DATA_DIR or the export, and tells the webhooks by id",
      withFixture(async ({ a, dataDir }) => {
        const handoff = createHandoff({
          webhooks: [{ url: "https://hooks.example/in", secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }],
        });
        const stores = engineStores(a.database, handoff);
        const notification = (email: string) => (id: number) =>
          ({
            to: "sales@example.com",
            replyTo: `"Someone" <${email}>`,
            subject: `Lead ${id}`,
            text: `From ${email}`,
            html: "",
          }) satisfies OutgoingMail;
        const confirmation = (s: { email: string }): OutgoingMail => ({
          to: s.email,
          subject: "Confirm",
          text: "Please confirm",
          html: "",
        });
        const person = (p: typeof erin) => ({
          domain: "www.example.com",
          type: "Lead",
          name: p.name,
          email: p.email,
          subject: "Q",
          details: "Hello",
        });

        const lead = await stores.leads.addLead({ ...person(erin), visitorId: erin.uid }, notification(erin.email), t0);
        await stores.leads.addLead({ ...person(other), visitorId: other.uid }, notification(other.email), t0);
        const { subscriber } = await stores.subscribers.addSubscriber(
          { list: "news", email: erin.email.toLowerCase(), firstName: "Erin", lastName: "Doe", visitorId: erin.uid },
          confirmation,
          t0,
        );
        await stores.subscribers.confirmSubscriber(subscriber.id, subscriber.confirmNonce!, at(1));
        for (const p of [erin, other]) {
          await stores.measurement.addEvents([
            { receivedAt: t0.toISOString(), type: "pageview", uid: p.uid, page: "home", title: "Home" },
            {
              receivedAt: t0.toISOString(),
              type: "event",
              uid: p.uid.toUpperCase(),
              page: "contact",
              category: "goal",
              action: "contact-sent",
            },
          ]);
          await stores.measurement.addBeacons([
            {
              receivedAt: t0.toISOString(),
              site: "s",
              page: "home",
              uid: p.uid,
              lastPage: null,
              secondsOnLastPage: null,
              loadMs: 9,
            },
          ]);
        }
        // The mails as the file transport wrote them (no SMTP_URL), one of them delivered.
        const mailFolder = path.join(dataDir, "mail");
        const transport = fileTransport(mailFolder);
        for (const [n, mail] of [
          confirmation({ email: erin.email }),
          notification(erin.email)(lead.id),
          confirmation({ email: other.email }),
        ].entries())
          await transport.send({ ...mail, from: "site@example.com", messageId: `<${n}.mail@example.com>` });

        const erased = await eraseAddress(
          { stores, database: a.database, mailFolder },
          ` ${erin.email.toUpperCase()} `,
          at(2),
        );
        expect(erased).toMatchObject({ leads: 1, subscribers: 1, visitors: 1, mailFiles: 2, webhooks: 2 });

        const needles = [erin.email, erin.uid, "Erin Doe"];
        expect(holding(await everyRow(a.database), needles)).toEqual([]);
        expect(holding(everyFile(dataDir), needles)).toEqual([]);
        expect(await stores.console.dataRequest(erin.email)).toEqual({
          email: erin.email.toLowerCase(),
          leads: [],
          subscribers: [],
          mails: [],
          visitIds: [],
        });

        // The receivers hear of it by the ids they were given, and nothing more.
        const requests = await stores.outbox.claimDue("w", at(3), 60_000, 100, "http");
        const erasedEvents = requests.flatMap((r) =>
          "body" in r && r.event.endsWith(".erased") ? [JSON.parse(r.body)] : [],
        );
        expect(erasedEvents).toEqual([
          { type: "lead.erased", timestamp: at(2).toISOString(), data: { id: lead.id } },
          { type: "subscriber.erased", timestamp: at(2).toISOString(), data: { id: subscriber.id, list: "news" } },
        ]);

        // Everyone else's records stay.
        const rows = await everyRow(a.database);
        expect(
          [rows.leads, rows.analytics_events, rows.rum_beacons].map(
            (text) => text.includes(other.uid) || text.includes(other.email),
          ),
        ).toEqual([true, true, true]);
        expect(holding(everyFile(mailFolder), [other.email])).toHaveLength(1);
      }),
    );

    it(
      "finds and erases every spelling of the inbox (+tag, case, dots where ignored), and no other address",
      withFixture(async ({ a, dataDir }) => {
        const stores = engineStores(a.database, createHandoff({ webhooks: [] }));
        const uid = (n: number) => `0f1e2d3c-4b5a-4968-8776-${String(n).padStart(12, "0")}`;
        const confirmation = (s: { email: string }): OutgoingMail => ({
          to: s.email,
          subject: "Confirm",
          text: "Please confirm",
          html: "",
        });
        const seed = async (kind: "lead" | "subscriber", email: string, n: number, at: Date) => {
          if (kind === "lead")
            await stores.leads.addLead(
              {
                domain: "www.example.com",
                type: "Lead",
                name: `Person ${n}`,
                email,
                subject: "Q",
                details: "Hello",
                visitorId: uid(n),
              },
              (id) => ({ to: "sales@example.com", replyTo: email, subject: `Lead ${id}`, text: "", html: "" }),
              at,
            );
          else
            await stores.subscribers.addSubscriber(
              { list: "news", email, firstName: "", lastName: "", visitorId: uid(n) },
              confirmation,
              at,
            );
        };
        // Erin at a provider that keeps dots; Gil at Gmail, which ignores them and has an alias domain.
        const people = {
          "erin.erase@victim.example": [
            ["lead", "Erin.Erase@Victim.example"],
            ["subscriber", "erin.erase+news@victim.example"],
            ["lead", "ERIN.ERASE+Sales@victim.example"],
            ["subscriber", "erin.erase+a+b@victim.example"],
          ],
          "gil.erase@gmail.com": [
            ["lead", "gilerase@gmail.com"],
            ["subscriber", "G.I.L.Erase+news@GoogleMail.com"],
            ["lead", "gil.e.rase@gmail.com"],
          ],
        } as const;
        const others = [
          ["lead", "erinerase@victim.example"], // dots count at this provider: another inbox
          ["subscriber", "erin.erase2@victim.example"],
          ["lead", "xerin.erase@victim.example"],
          ["subscriber", "erin.erase@victim.example.org"],
          ["lead", "erin_erase@victim.example"],
          ["subscriber", "gil.erase@gmail.co"],
          ["lead", "gilerase2@gmail.com"],
          ["subscriber", "gi%erase@gmail.com"],
        ] as const;
        let n = 0;
        const uids = new Map<string, string>();
        for (const [kind, email] of [...Object.values(people).flat(), ...others]) {
          uids.set(email, uid(++n));
          await seed(kind, email, n, at(n));
        }
        const spellingsOf = (person: keyof typeof people) => people[person].map(([, email]) => email);

        for (const person of Object.keys(people) as (keyof typeof people)[]) {
          const found = await stores.console.dataRequest(person.toUpperCase());
          const exported = [...found.leads, ...found.subscribers].map((row) => String(row.email)).sort();
          expect(exported, person).toEqual([...spellingsOf(person)].sort());
          expect(found.visitIds.sort(), person).toEqual(
            spellingsOf(person)
              .map((email) => uids.get(email))
              .sort(),
          );
          // The confirmation mail went to the first subscription's spelling (the limits skip the rest: one inbox).
          const firstSubscription = people[person].find(([kind]) => kind === "subscriber")![1];
          expect(found.mails.map((row) => (row.mail as { to: string }).to)).toContain(firstSubscription);
        }

        // Mails written as .eml files (no SMTP_URL): one to a +tag spelling, one to another address.
        const mailFolder = path.join(dataDir, "mail");
        for (const [n, to] of ["Erin.Erase+News@victim.example", "xerin.erase@victim.example"].entries())
          await fileTransport(mailFolder).send({
            ...confirmation({ email: to }),
            from: "site@example.com",
            messageId: `<tag${n}.mail@example.com>`,
          });

        const erased = await eraseAddress(
          { stores, database: a.database, mailFolder },
          " Erin.Erase+whatever@victim.example ",
          at(100),
        );
        expect(erased).toMatchObject({ leads: 2, subscribers: 2, visitors: 4, mailFiles: 1 });
        expect(Object.values(everyFile(mailFolder)).map((text) => /^To: (.*)$/m.exec(text)?.[1])).toEqual([
          "xerin.erase@victim.example",
        ]);
        expect(await eraseAddress({ stores, database: a.database }, "gilerase@googlemail.com", at(101))).toMatchObject({
          leads: 2,
          subscribers: 1,
          visitors: 3,
        });

        const erasedEmails = Object.values(people).flatMap((spellings) => spellings.map(([, email]) => email));
        const rows = await everyRow(a.database);
        // The inbox column (mailbox_key) holds the base address: no row may keep it either.
        expect(naming(rows, [...erasedEmails, ...Object.keys(people)])).toEqual([]);
        expect(
          holding(
            rows,
            erasedEmails.map((email) => uids.get(email)!),
          ),
        ).toEqual([]);
        for (const person of Object.keys(people))
          expect(await stores.console.dataRequest(person)).toMatchObject({ leads: [], subscribers: [], visitIds: [] });
        // Everyone else's records stay, each found by its own address.
        for (const [kind, email] of others) {
          const found = await stores.console.dataRequest(email);
          expect(
            found[kind === "lead" ? "leads" : "subscribers"].map((row) => row.email),
            email,
          ).toEqual([email]);
        }
      }),
      // About 30 writes, each a transaction: more than the default 5 s on a loaded machine.
      30_000,
    );
  });
}
