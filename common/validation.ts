/**
 * The rules and messages of the contact and newsletter forms (requirements §5), used by the browser
 * forms and by the server endpoints, so both sides say the same thing about the same input.
 * Field names are the wire names of requirements §7. Every field has a length limit, and single-line
 * fields refuse control characters, so no value can break a mail header or a CSV row.
 */
import * as v from "valibot";

export const messages = {
  email: "Please enter a valid email address",
  question: "How can we help?",
} as const;

/** Length limits shared by the inputs' maxLength and the server's checks. */
export const limits = {
  name: 100,
  email: 254,
  subject: 200,
  domain: 253,
  type: 40,
  details: 5000,
  list: 100,
} as const;

// Control characters (CR, LF, NUL …) have no place in a one-line field; in a mail header
// they would start a new header.
const singleLinePattern = /^[^\p{Cc}\u2028\u2029]*$/u;
// The question may span lines and hold tabs, but no other control characters.
const multiLinePattern = /^(?:[^\p{Cc}\u2028\u2029]|[\r\n\t])*$/u;
// Invisible format characters (Unicode Cf: bidi overrides and isolates, zero-width space, soft
// hyphen …) reorder or hide what a reader of the sales mail, its Subject, the CSV or the CRM
// sees, as the analytics collector refuses them too; the question as much as the name. The joiners U+200C/U+200D stay: Persian and Indic
// names, and emoji, need them.
const formatCharacter = /(?![\u200C\u200D])\p{Cf}/u;
// An RFC 2047 encoded-word (=?utf-8?b?…?=), which mail clients decode in a header: a name or
// subject that is one could become another address or bring back what formatCharacter refuses.
const encodedWord = /=\?[^?]*\?[bq]\?[^?]*\?=/i;

const singleLine = (label: string, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(max, `Please keep the ${label} under ${max + 1} characters`),
    v.regex(singleLinePattern, `Please write the ${label} on one line`),
    v.check((text) => !formatCharacter.test(text), `Please remove invisible formatting characters from the ${label}`),
    v.check((text) => !encodedWord.test(text), `Please write the ${label} without =?…?= codes`),
  );

// Required fields default to "" when missing, so a missing field gets the same message as an empty one.
const email = v.optional(
  v.pipe(
    v.string(messages.email),
    v.trim(),
    v.nonEmpty(messages.email),
    v.maxLength(limits.email, messages.email),
    v.regex(singleLinePattern, messages.email),
    v.email(messages.email),
  ),
  "",
);

/** Empty, or missing: optional fields arrive as "" from forms and are absent from some clients. */
const optional = <T extends v.GenericSchema<string, string>>(schema: T) => v.optional(schema, "");

/** The hidden honeypot field: people never see it, so only bots fill it in. */
export const honeypotField = "website";

/** GET /contactUs: domain, type, name, email, subject, details (requirements §7). */
export const contactSchema = v.object({
  domain: optional(
    v.pipe(singleLine("domain", limits.domain), v.regex(/^[A-Za-z0-9.:-]*$/, "Please send a host name as the domain")),
  ),
  type: optional(
    v.pipe(singleLine("type", limits.type), v.regex(/^[A-Za-z0-9 _-]*$/, "Please send a simple word as the type")),
  ),
  name: optional(singleLine("name", limits.name)),
  email,
  subject: optional(singleLine("subject", limits.subject)),
  details: v.optional(
    v.pipe(
      v.string(messages.question),
      v.trim(),
      v.nonEmpty(messages.question),
      v.maxLength(limits.details, `Please keep your question under ${limits.details + 1} characters`),
      v.regex(multiLinePattern, "Please remove control characters from your question"),
      v.check(
        (text) => !formatCharacter.test(text),
        "Please remove invisible formatting characters from your question",
      ),
    ),
    "",
  ),
});

/** GET /mailingList: list, what=subscribe, email, first_name, last_name (requirements §7). */
export const subscribeSchema = v.object({
  list: v.optional(
    v.pipe(
      v.string("Please name the mailing list"),
      v.trim(),
      v.nonEmpty("Please name the mailing list"),
      singleLine("list", limits.list),
    ),
    "",
  ),
  what: v.optional(
    v.pipe(
      v.string("Only what=subscribe is supported"),
      v.check((what) => what === "subscribe", "Only what=subscribe is supported"),
    ),
    "",
  ),
  email,
  first_name: optional(singleLine("first name", limits.name)),
  last_name: optional(singleLine("last name", limits.name)),
});

/** The browser form's own fields, checked with the same rules as the wire fields they become. */
export const contactFormSchema = v.object({
  name: contactSchema.entries.name,
  email,
  question: contactSchema.entries.details,
});
export type ContactFormValues = { name: string; email: string; question: string };

export const newsletterFormSchema = v.object({
  email,
  first_name: subscribeSchema.entries.first_name,
  last_name: subscribeSchema.entries.last_name,
});
export type NewsletterFormValues = { email: string; first_name: string; last_name: string };

/** The first message for each invalid field, keyed by field name; empty when all is well. */
export function fieldErrors(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? "";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The first message of an invalid input, for the server's `{error}` answer; undefined when valid. */
export function firstError(schema: v.GenericSchema, input: unknown): string | undefined {
  const result = v.safeParse(schema, input);
  return result.success ? undefined : result.issues[0].message;
}
