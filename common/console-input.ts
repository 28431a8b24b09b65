/**
 * What the console's API takes: one valibot schema per request body or query (server/console/),
 * with the messages a refusal answers (400). The routes parse with these and nothing else, so this
 * file is the console's whole input contract; the browser may use the same rules.
 */
import * as v from "valibot";
import { calendarDayError, isCalendarDay } from "./calendar-day.ts";
import { defaultAuditKind, isAuditKind } from "./console-audit.ts";
import { maxAccountName } from "./console.ts";
import { isEditableKey } from "./content-keys.ts";
import { leadStatuses, maxNoteLength } from "./lead-pipeline.ts";

/** Rows per page of the inbox, the subscriber list and the audit log. */
export const pageSize = 50;

/**
 * A field as sent, absent read as null: the schemas below read anything (an array from a repeated
 * parameter, a number from JSON) and refuse only with their own messages.
 */
const field = <S extends v.GenericSchema>(schema: S) => v.optional(schema, null);
/** Text cut to `max` characters; anything else is "". */
const clipped = (max: number) =>
  field(
    v.pipe(
      v.unknown(),
      v.transform((value) => (typeof value === "string" ? value.slice(0, max) : "")),
    ),
  );
/** A search word or a facet: clipped, and left out when empty. */
const optionalText = (max: number) =>
  v.pipe(
    clipped(max),
    v.transform((text) => text || undefined),
  );
/** An e-mail address as typed: clipped, trimmed, lower case ("" when absent). */
const address = v.pipe(
  clipped(320),
  v.transform((text) => text.trim().toLowerCase()),
);
const offset = field(
  v.pipe(
    v.unknown(),
    v.transform((value) => Math.max(0, Math.min(1_000_000, Math.floor(Number(value) || 0)))),
  ),
);
/** One of `values`, or undefined. */
const oneOf = <T extends string>(values: readonly T[]) =>
  field(
    v.pipe(
      v.unknown(),
      v.transform((value) => values.find((known) => known === value)),
    ),
  );
/** A day of a range (`from`, `to`): absent or empty is none, a day the calendar lacks is refused. */
const day = (name: string) =>
  field(
    v.pipe(
      v.unknown(),
      v.transform((value) => (value === "" || value === null ? undefined : value)),
      v.check(
        (value) => value === undefined || isCalendarDay(value),
        (issue) => calendarDayError(name, String(issue.input)),
      ),
      v.transform((value) => value as string | undefined),
    ),
  );
/** A version number as a form or a query sends it: digits, or a number; undefined when it is neither. */
const version = field(
  v.pipe(
    v.unknown(),
    v.transform((value) => {
      const number = typeof value === "string" && value !== "" ? Number(value) : value;
      return typeof number === "number" && Number.isInteger(number) && number >= 0 ? number : undefined;
    }),
  ),
);
/** A version a change names: 1 or more, else refused with `message`. */
const savedVersion = (message: string) =>
  v.pipe(
    version,
    v.check((number) => number !== undefined && number > 0, message),
    v.transform((number) => number!),
  );

// --- Sessions -------------------------------------------------------------------------------
/** Never refused: a malformed sign-in is a wrong one, answered like any other (401). */
export const signInInput = v.object({ email: address, password: clipped(1024), code: clipped(16) });

/** The signed-in person's own name (PUT /admin/api/session/name): one line; blank takes it away. */
export const accountNameInput = v.object({
  name: v.pipe(
    v.string("Send the name as text."),
    v.trim(),
    v.maxLength(maxAccountName, `A name is at most ${maxAccountName} characters.`),
    v.regex(/^[^\p{Cc}\u2028\u2029]*$/u, "A name is one line of text."),
  ),
});

// --- Leads ----------------------------------------------------------------------------------
/** The inbox's filter and page: a day that is not a real one is refused, other malformed values left out. */
export const leadQuery = v.object({
  q: optionalText(200),
  from: day("from"),
  to: day("to"),
  status: oneOf(leadStatuses),
  source: optionalText(200),
  campaign: optionalText(200),
  offset,
});

/** Status, owner and a note, any of them at once; whether the owner is an owner account is the route's check. */
export const leadChangeInput = v.object({
  status: v.optional(v.picklist(leadStatuses, "Choose one of the lead statuses.")),
  owner: v.optional(address),
  note: v.optional(
    v.pipe(
      v.string("Write the note first."),
      v.check((note) => note.trim() !== "", "Write the note first."),
      v.maxLength(maxNoteLength, `A note holds at most ${maxNoteLength} characters.`),
    ),
  ),
});

// --- Subscribers ----------------------------------------------------------------------------
export const subscriberQuery = v.object({
  q: optionalText(200),
  status: oneOf(["pending", "subscribed", "unsubscribed"] as const),
  offset,
});

// --- Data requests --------------------------------------------------------------------------
const aboutAddress = v.pipe(address, v.includes("@", "Enter the e-mail address the request is about."));
export const dataRequestInput = v.object({ email: aboutAddress });
/** An erase names the address twice: a typo erases no one else. */
export const eraseInput = v.pipe(
  v.object({ email: aboutAddress, confirm: address }),
  v.check(({ email, confirm }) => email === confirm, "Type the e-mail address again to confirm the erase."),
);

// --- Audit log ------------------------------------------------------------------------------
export const auditQuery = v.object({
  kind: field(
    v.pipe(
      v.unknown(),
      v.transform((kind) => (isAuditKind(kind) ? kind : defaultAuditKind)),
    ),
  ),
  offset,
});

// --- Content --------------------------------------------------------------------------------
/** The key a content request names, in its query or body: undefined (404) when it is no editable key. */
export const contentKeyInput = v.object({
  key: field(
    v.pipe(
      v.unknown(),
      v.transform((key) => (typeof key === "string" && isEditableKey(key) ? key : undefined)),
    ),
  ),
});

export const contentSaveInput = v.object({
  body: v.string("Send the text and the version it started from."),
  baseVersion: v.pipe(
    version,
    v.check((number) => number !== undefined, "Send the text and the version it started from."),
    v.transform((number) => number!),
  ),
});

/** Publish a saved version now, or at a time to come (`at`, any form Date takes). */
export const contentPublishInput = v.object({
  version: savedVersion("Choose a saved version to publish."),
  at: v.pipe(
    field(v.unknown()),
    v.transform((at) => (at === null || at === "" ? undefined : new Date(String(at)))),
    v.check((when) => !when || !Number.isNaN(when.getTime()), "The publishing time is not a date and time."),
    v.check((when) => !when || when.getTime() > Date.now(), "Choose a time in the future, or publish now."),
  ),
});

/** A version to restore: 1 or more, or 0 for the original text (the file in content/). */
export const contentRestoreInput = v.object({
  version: v.pipe(
    version,
    v.check((number) => number !== undefined, "Choose a version to restore."),
    v.transform((number) => number!),
  ),
});

export const contentPreviewInput = v.object({
  body: v.pipe(v.string("Send the text to preview."), v.maxLength(200_000, "Send the text to preview.")),
});

/** A page showing a saved version (0: the file in content/); the page defaults to the key's first. */
export const contentPagePreviewQuery = v.object({
  path: field(
    v.pipe(
      v.unknown(),
      v.transform((path) => (typeof path === "string" ? path : undefined)),
    ),
  ),
  version: v.pipe(
    version,
    v.check((number) => number !== undefined, "Choose a version to preview."),
    v.transform((number) => number!),
  ),
});

/**
 * `value` (a parsed body or query) as `schema` takes it; a refusal throws `refuse` with the first
 * issue's message. Anything but an object (no body, a text body) is read as an empty one.
 */
export function inputOf<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  refuse: (message: string) => Error,
): v.InferOutput<S> {
  const result = v.safeParse(schema, typeof value === "object" && value !== null ? value : {});
  if (!result.success) throw refuse(result.issues[0].message);
  return result.output;
}
