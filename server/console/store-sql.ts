/**
 * The console store (store.ts) in SQL that both engines run: the few differences (placeholders,
 * JSON fields of a queued mail, case-insensitive LIKE, timestamps) are the dialect's.
 */
import { isPersonalOrToken } from "#common/attribution.ts";
import { calendarDayError, isCalendarDay } from "#common/calendar-day.ts";
import type { LeadEvent, LeadStatus } from "#common/lead-pipeline.ts";
import { writeTransaction, type SqliteDatabase } from "../db/database.ts";
import { InputRefused } from "../db/errors.ts";
import { pgTransaction, type Pool } from "../db/postgres.ts";
import { attributionOfRow } from "../leads/attribution.ts";
import { inboxLikePatterns, mailboxOf } from "../leads/mailbox.ts";
import { noHandoff, type Handoff } from "../outbox/handoff.ts";
import { outboxRow } from "../outbox/outbox-row.ts";
import { actionsOf } from "./audit-kinds.ts";
import {
  severalAccounts,
  type Account,
  type AuditEntry,
  type ConsoleStore,
  type DataRecords,
  type InboxLead,
  type LeadFilter,
  type Role,
  type SubscriberRow,
} from "./store.ts";

export type Row = Record<string, unknown>;
export type Statement = [sql: string, params: unknown[]];

export interface Dialect {
  all(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Rows changed. */
  run(sql: string, params?: unknown[]): Promise<number>;
  /** Runs the statements in one transaction; rows changed by each. */
  transaction(statements: Statement[]): Promise<number[]>;
  /** A text field of the outbox row's mail JSON. */
  mailField(field: "to" | "replyTo" | "subject"): string;
  like: "LIKE" | "ILIKE";
}

/** ISO text for what the driver read as a Date; whole numbers PostgreSQL sends as text (bigint) as numbers. */
const plain = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value instanceof Date
        ? value.toISOString()
        : (key === "id" || key.endsWith("_id") || key === "n") && typeof value === "string" && /^\d+$/.test(value)
          ? Number(value)
          : value,
    ]),
  );

export function sqliteDialect(db: SqliteDatabase): Dialect {
  const changes = (sql: string, params: unknown[]) => Number(db.prepare(sql).run(...(params as never[])).changes);
  return {
    all: async (sql, params = []) => (db.prepare(sql).all(...(params as never[])) as Row[]).map((row) => ({ ...row })),
    run: async (sql, params = []) => changes(sql, params),
    transaction: (statements) => writeTransaction(db, () => statements.map(([sql, params]) => changes(sql, params))),
    mailField: (field) => `json_extract(mail, '$.${field}')`,
    like: "LIKE",
  };
}

export function postgresDialect(pool: Pool): Dialect {
  // "?" placeholders become $1, $2, … (no statement here has a "?" of its own).
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return {
    all: async (sql, params = []) => (await pool.query(numbered(sql), params)).rows.map(plain),
    run: async (sql, params = []) => (await pool.query(numbered(sql), params)).rowCount ?? 0,
    transaction: (statements) =>
      pgTransaction(pool, async (client) => {
        const counts: number[] = [];
        for (const [sql, params] of statements) counts.push((await client.query(numbered(sql), params)).rowCount ?? 0);
        return counts;
      }),
    mailField: (field) => `(mail->>'${field}')`,
    like: "ILIKE",
  };
}

const iso = (value: unknown) =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value);
const likePattern = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The address of a mail header's value: `"Ann" <ann@example.com>` or `ann@example.com`. */
const bareAddress = (value: string) => /<([^<>]*)>\s*$/.exec(value)?.[1] ?? value;
/** The day after a "YYYY-MM-DD", for an inclusive last day. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

const toAccount = (row: Row): Account => ({
  id: Number(row.id),
  email: String(row.email),
  role: row.role as Role,
  passwordHash: String(row.password_hash),
  totpSecret: (row.totp_secret as string | null) ?? null,
  createdAt: iso(row.created_at)!,
  updatedAt: iso(row.updated_at)!,
});

// A lead's source is its first recorded visit's, else the sending visit's; its campaign that visit's.
const leadSource = "CASE WHEN first_source IS NOT NULL THEN first_source ELSE visit_source END";
const leadCampaign = "CASE WHEN first_source IS NOT NULL THEN first_campaign ELSE visit_campaign END";

const toLead = (row: Row): InboxLead => {
  const fields = plain(row);
  const { first, visit } = attributionOfRow(row as Parameters<typeof attributionOfRow>[0]);
  const touch = first ?? visit;
  return {
    id: Number(row.id),
    createdAt: iso(row.created_at)!,
    name: String(row.name),
    email: String(row.email),
    subject: String(row.subject),
    details: String(row.details),
    status: row.status as LeadStatus,
    owner: (row.owner as string | null) ?? null,
    changedAt: iso(row.changed_at),
    source: touch?.source ?? null,
    campaign: touch?.campaign ?? null,
    fields,
  };
};

const toEvent = (row: Row): LeadEvent => ({
  id: Number(row.id),
  at: iso(row.at)!,
  account: String(row.account),
  kind: row.kind as LeadEvent["kind"],
  value: String(row.value),
  previous: (row.previous as string | null) ?? null,
});

const toSubscriber = (row: Row): SubscriberRow => ({
  id: Number(row.id),
  list: String(row.list),
  email: String(row.email),
  firstName: String(row.first_name),
  lastName: String(row.last_name),
  status: row.status as SubscriberRow["status"],
  createdAt: iso(row.created_at)!,
  confirmedAt: iso(row.confirmed_at),
  attribution: attributionOfRow(row as Parameters<typeof attributionOfRow>[0]),
});

/** `handoff`: the webhooks told of an erase (mail/handoff.ts), queued in its transaction. */
export function sqlConsoleStore(sql: Dialect, handoff: Handoff = noHandoff): ConsoleStore {
  const leadWhere = ({ q, from, to, status, source, campaign }: LeadFilter): Statement => {
    // A day the calendar lacks is refused the same on both engines (PostgreSQL would say it in its own words).
    for (const [name, day] of [
      ["from", from],
      ["to", to],
    ] as const)
      if (day !== undefined && !isCalendarDay(day)) throw new InputRefused(calendarDayError(name, day));
    const where: string[] = [];
    const params: unknown[] = [];
    if (q?.trim()) {
      const pattern = likePattern(q.trim());
      where.push(
        `(${["email", "name", "subject", "details"].map((c) => `${c} ${sql.like} ? ESCAPE '\\'`).join(" OR ")})`,
      );
      params.push(pattern, pattern, pattern, pattern);
    }
    if (from) {
      where.push("created_at >= ?");
      params.push(`${from}T00:00:00.000Z`);
    }
    if (to) {
      where.push("created_at < ?");
      params.push(dayAfter(to));
    }
    for (const [expression, value] of [
      ["status", status],
      [leadSource, source],
      [leadCampaign, campaign],
    ] as const)
      if (value) {
        where.push(`${expression} = ?`);
        params.push(value);
      }
    return [where.length ? `WHERE ${where.join(" AND ")}` : "", params];
  };

  const visitIdsOf = (rows: Row[]) => [
    ...new Set(
      rows.flatMap((row) =>
        Object.entries(row).flatMap(([key, value]) => (/visit(or)?_id$/.test(key) && value ? [String(value)] : [])),
      ),
    ),
  ];
  // A person's records are those of every spelling of their inbox, as the confirmation-mail
  // limits count one (leads/mailbox.ts: +tags, case, dots where ignored): SQL narrows by
  // inboxLikePatterns, mailboxOf decides. An outbox row is theirs when it is a mail sent to
  // it, a mail whose replies go to it (a lead's notification to sales), or anything queued
  // about one of its leads or subscriptions (mail/outbox-store.ts: ref "lead:42",
  // "subscriber:7"; webhook and CRM requests carry its data).
  const records = async (email: string) => {
    const inbox = mailboxOf(email).key;
    const ofInbox = (address: unknown) =>
      typeof address === "string" && address.includes("@") && mailboxOf(bareAddress(address)).key === inbox;
    const patterns = inboxLikePatterns(email);
    const anyLike = (expression: string, wrap = (pattern: string) => pattern): Statement => [
      patterns.map(() => `lower(${expression}) LIKE ? ESCAPE '\\'`).join(" OR "),
      patterns.map(wrap),
    ];
    const spelledAs = async (table: "leads" | "subscribers") => {
      const [where, params] = anyLike("email");
      return (await sql.all(`SELECT * FROM ${table} WHERE ${where} ORDER BY id`, params)).filter((row) =>
        ofInbox(row.email),
      );
    };
    const leads = await spelledAs("leads");
    const subscribers = await spelledAs("subscribers");
    const refs = new Set([
      ...leads.map((row) => `lead:${Number(row.id)}`),
      ...subscribers.map((row) => `subscriber:${Number(row.id)}`),
    ]);
    // A mail field may name the address inside "Name <…>".
    const inField = (field: "to" | "replyTo") => anyLike(sql.mailField(field), (pattern) => `%${pattern}%`);
    const [to, toParams] = inField("to");
    const [replyTo, replyToParams] = inField("replyTo");
    const byRef = refs.size ? ` OR ref IN (${[...refs].map(() => "?").join(", ")})` : "";
    const mails = (
      await sql.all(`SELECT * FROM outbox WHERE ${to} OR ${replyTo}${byRef} ORDER BY id`, [
        ...toParams,
        ...replyToParams,
        ...refs,
      ])
    ).filter((row) => {
      if (refs.has(String(row.ref))) return true;
      const mail = (typeof row.mail === "string" ? JSON.parse(row.mail) : row.mail) as Record<string, unknown>;
      return ofInbox(mail.to) || ofInbox(mail.replyTo);
    });
    return { leads, subscribers, mails };
  };
  /** `DELETE FROM table WHERE column IN (…)` for the rows found, or nothing for none. */
  const deleteOf = (table: string, column: string, ids: unknown[]): Statement[] =>
    ids.length ? [[`DELETE FROM ${table} WHERE ${column} IN (${ids.map(() => "?").join(", ")})`, ids]] : [];

  const leadById = async (id: number) => {
    const [row] = await sql.all("SELECT * FROM leads WHERE id = ?", [id]);
    return row && toLead(row);
  };
  const historyOf = async (id: number) =>
    (await sql.all("SELECT * FROM lead_events WHERE lead_id = ? ORDER BY at, id", [id])).map(toEvent);

  return {
    async addAccount({ email, role, passwordHash }, now) {
      const at = now.toISOString();
      const [row] = await sql.all(
        "INSERT INTO console_users (email, role, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING *",
        [email.toLowerCase(), role, passwordHash, at, at],
      );
      return toAccount(row);
    },
    accounts: async () => (await sql.all("SELECT * FROM console_users ORDER BY email")).map(toAccount),
    async account(email) {
      const [row] = await sql.all("SELECT * FROM console_users WHERE email = ?", [email.toLowerCase()]);
      return row && toAccount(row);
    },
    async updateAccount(email, change, now) {
      const columns = { passwordHash: "password_hash", totpSecret: "totp_secret", role: "role" } as const;
      const entries = Object.entries(change).filter(([, value]) => value !== undefined) as [
        keyof typeof columns,
        unknown,
      ][];
      const set = entries.map(([key]) => `${columns[key]} = ?`).join(", ");
      return (
        (await sql.run(`UPDATE console_users SET ${set}${set ? ", " : ""}updated_at = ? WHERE email = ?`, [
          ...entries.map(([, value]) => value),
          now.toISOString(),
          email.toLowerCase(),
        ])) > 0
      );
    },
    async useTotpStep(accountId, step) {
      // One statement: the row lock makes the check and the set one step on both engines.
      const changed = await sql.run(
        "UPDATE console_users SET totp_last_step = ? WHERE id = ? AND (totp_last_step IS NULL OR totp_last_step < ?)",
        [step, accountId, step],
      );
      return changed > 0;
    },
    async removeAccount(email) {
      const [, removed] = await sql.transaction([
        [
          "DELETE FROM console_sessions WHERE user_id IN (SELECT id FROM console_users WHERE email = ?)",
          [email.toLowerCase()],
        ],
        ["DELETE FROM console_users WHERE email = ?", [email.toLowerCase()]],
      ]);
      return removed > 0;
    },

    async addSession(idHash, accountId, now) {
      const at = now.toISOString();
      await sql.run("INSERT INTO console_sessions (id_hash, user_id, created_at, seen_at) VALUES (?, ?, ?, ?)", [
        idHash,
        accountId,
        at,
        at,
      ]);
    },
    async session(idHash, now, { idleMs, absoluteMs }) {
      const [row] = await sql.all(
        "SELECT u.*, s.created_at AS session_created_at, s.seen_at AS session_seen_at FROM console_sessions s JOIN console_users u ON u.id = s.user_id WHERE s.id_hash = ?",
        [idHash],
      );
      if (!row) return undefined;
      const created = Date.parse(iso(row.session_created_at)!);
      const seen = Date.parse(iso(row.session_seen_at)!);
      if (now.getTime() - seen > idleMs || now.getTime() - created > absoluteMs) {
        await sql.run("DELETE FROM console_sessions WHERE id_hash = ?", [idHash]);
        return undefined;
      }
      // One write a minute at most per session, not one per request.
      if (now.getTime() - seen > 60_000)
        await sql.run("UPDATE console_sessions SET seen_at = ? WHERE id_hash = ?", [now.toISOString(), idHash]);
      return toAccount(row);
    },
    async endSession(idHash) {
      await sql.run("DELETE FROM console_sessions WHERE id_hash = ?", [idHash]);
    },
    endSessionsOf: (accountId) => sql.run("DELETE FROM console_sessions WHERE user_id = ?", [accountId]),

    async audit({ at, account, address, action, detail }) {
      await sql.run("INSERT INTO console_audit (at, account, address, action, detail) VALUES (?, ?, ?, ?, ?)", [
        at,
        account,
        address,
        action,
        detail,
      ]);
    },
    async auditRepeated({ at, account, address, action, detail }, { perHour }) {
      const minute = JSON.stringify([at.slice(0, 16), action, address, detail]);
      const rest = JSON.stringify([at.slice(0, 13), action, address, "more"]);
      // The minute's own row while it has one, or while the address has fewer than perHour rows this
      // hour; else the hour's "… and N more". One statement, so it decides on one snapshot; two
      // instances each starting a new minute at the limit at once may each add one row.
      const own =
        "(EXISTS (SELECT 1 FROM console_audit WHERE bucket = ?) OR " +
        "(SELECT count(*) FROM console_audit WHERE address = ? AND action = ? AND at >= ?) < ?)";
      const ownParams = [minute, address, action, `${at.slice(0, 13)}:00:00.000Z`, perHour];
      await sql.run(
        "INSERT INTO console_audit (at, account, address, action, detail, bucket) " +
          `VALUES (?, ?, ?, ?, CASE WHEN ${own} THEN ? ELSE ? END, CASE WHEN ${own} THEN ? ELSE ? END) ` +
          "ON CONFLICT (bucket) DO UPDATE SET times = console_audit.times + 1, detail = CASE WHEN console_audit.bucket = ? " +
          "THEN '… and ' || (console_audit.times + 1) || ' more this hour' ELSE console_audit.detail END, " +
          // The account stays while every attempt names the same one.
          `account = CASE WHEN console_audit.account = excluded.account THEN console_audit.account ELSE '${severalAccounts}' END`,
        [
          at,
          account,
          address,
          action,
          ...ownParams,
          detail,
          "… and 1 more this hour",
          ...ownParams,
          minute,
          rest,
          rest,
        ],
      );
    },
    async auditLog({ limit, offset }, kind = "all") {
      const actions = actionsOf(kind);
      const where = actions ? `WHERE action IN (${actions.map(() => "?").join(", ")})` : "";
      const rows = await sql.all(
        `SELECT at, account, address, action, detail, times FROM console_audit ${where} ORDER BY id DESC LIMIT ? OFFSET ?`,
        [...(actions ?? []), limit, offset],
      );
      return rows.map(({ times, ...row }) => ({
        ...(row as unknown as Required<AuditEntry>),
        at: iso(row.at)!,
        count: Number(times),
      }));
    },
    pruneAudit: (before) => sql.run("DELETE FROM console_audit WHERE at < ?", [before.toISOString()]),

    async leads(filter, { limit, offset }) {
      const [where, params] = leadWhere(filter);
      const [{ n }] = await sql.all(`SELECT count(*) AS n FROM leads ${where}`, params);
      const rows = await sql.all(`SELECT * FROM leads ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, [
        ...params,
        limit,
        offset,
      ]);
      return { leads: rows.map(toLead), total: Number(n) };
    },
    lead: leadById,
    async leadFacets() {
      const distinct = async (expression: string) =>
        (await sql.all(`SELECT DISTINCT ${expression} AS v FROM leads WHERE ${expression} IS NOT NULL ORDER BY 1`))
          .map((row) => String(row.v))
          .filter((value) => !isPersonalOrToken(value));
      return { sources: await distinct(leadSource), campaigns: await distinct(leadCampaign) };
    },
    async changeLead(id, { status, owner, note }, account, now) {
      const before = await leadById(id);
      if (!before) return undefined;
      const at = now.toISOString();
      const events: [kind: LeadEvent["kind"], value: string, previous: string | null][] = [];
      if (status !== undefined && status !== before.status) events.push(["status", status, before.status]);
      if (owner !== undefined && owner !== (before.owner ?? "")) events.push(["owner", owner, before.owner ?? ""]);
      if (note?.trim()) events.push(["note", note.trim(), null]);
      if (events.length)
        await sql.transaction([
          [
            "UPDATE leads SET status = ?, owner = ?, changed_at = ? WHERE id = ?",
            [status ?? before.status, owner === undefined ? before.owner : owner || null, at, id],
          ],
          ...events.map(([kind, value, previous]): Statement => [
            "INSERT INTO lead_events (lead_id, at, account, kind, value, previous) VALUES (?, ?, ?, ?, ?, ?)",
            [id, at, account, kind, value, previous],
          ]),
        ]);
      const history = await historyOf(id);
      return { lead: (await leadById(id))!, events: history.slice(history.length - events.length) };
    },
    leadHistory: historyOf,

    async subscriberCounts() {
      const counts = { pending: 0, subscribed: 0, unsubscribed: 0 };
      for (const row of await sql.all("SELECT status, count(*) AS n FROM subscribers GROUP BY status"))
        counts[row.status as keyof typeof counts] = Number(row.n);
      return counts;
    },
    async subscribers({ q, status }, { limit, offset }) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (q?.trim()) {
        const pattern = likePattern(q.trim());
        where.push(
          `(${["email", "first_name", "last_name"].map((c) => `${c} ${sql.like} ? ESCAPE '\\'`).join(" OR ")})`,
        );
        params.push(pattern, pattern, pattern);
      }
      if (status) {
        where.push("status = ?");
        params.push(status);
      }
      const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
      const [{ n }] = await sql.all(`SELECT count(*) AS n FROM subscribers ${clause}`, params);
      const rows = await sql.all(
        `SELECT * FROM subscribers ${clause} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
        [...params, limit, offset],
      );
      return { subscribers: rows.map(toSubscriber), total: Number(n) };
    },

    async dataRequest(email): Promise<DataRecords> {
      const key = email.trim().toLowerCase();
      const found = await records(key);
      return {
        email: key,
        // A lead's notes may be about the person: its history goes with it.
        leads: await Promise.all(
          found.leads.map(async (row) => ({ ...plain(row), history: await historyOf(Number(row.id)) })),
        ),
        subscribers: found.subscribers.map(plain),
        mails: found.mails.map((row) =>
          plain({ ...row, mail: typeof row.mail === "string" ? JSON.parse(row.mail) : row.mail }),
        ),
        visitIds: visitIdsOf([...found.leads, ...found.subscribers]),
      };
    },
    async erase(email, now) {
      const found = await records(email);
      // Receivers know a lead by lead.created's id, a subscriber by subscriber.confirmed's: only those are told.
      const tell = [
        ...found.leads.flatMap((row) =>
          handoff
            .erased("lead.erased", { id: Number(row.id) }, now)
            .map((r) => [r, `erased:lead:${Number(row.id)}`] as const),
        ),
        ...found.subscribers
          .filter((row) => row.confirmed_at)
          .flatMap((row) =>
            handoff
              .erased("subscriber.erased", { id: Number(row.id), list: String(row.list) }, now)
              .map((r) => [r, `erased:subscriber:${Number(row.id)}`] as const),
          ),
      ];
      const queued: Statement[] = tell.map(([request, ref]) => {
        const { content, rank, channel } = outboxRow(request);
        return [
          "INSERT INTO outbox (created_at, mail, next_attempt_at, priority, channel, ref) VALUES (?, ?, ?, ?, ?, ?)",
          [now.toISOString(), content, now.toISOString(), rank, channel, ref],
        ];
      });
      const ids = (rows: Row[]) => rows.map((row) => row.id);
      const leadIds = ids(found.leads);
      // By the ids found, so what is deleted is what the webhooks are told of.
      await sql.transaction([
        ...deleteOf("outbox", "id", ids(found.mails)),
        ...deleteOf("lead_events", "lead_id", leadIds),
        ...deleteOf("leads", "id", leadIds),
        ...deleteOf("subscribers", "id", ids(found.subscribers)),
        ...queued,
      ]);
      return {
        leads: found.leads.length,
        subscribers: found.subscribers.length,
        mails: found.mails.length,
        visitorIds: visitIdsOf([...found.leads, ...found.subscribers]),
        webhooks: queued.length,
      };
    },
  };
}
