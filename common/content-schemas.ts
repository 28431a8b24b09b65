/**
 * The structured (JSON) content keys: pricing as fields, the products FAQ, the home carousel's words, proof (customer
 * quotes and logos) and the named integrations. Each key has a schema here, the one source for the console's form (labels,
 * lists), the server's check at save (server/content/validation.ts, with these messages) and the
 * types the pages read. A value is a list of entries, each a flat record of text fields, so a form
 * can be generated from it and a diff of its pretty-printed JSON reads line by line.
 */
import { unknownPlaceholders } from "./placeholders.ts";
import { isPostKey, type PostKey } from "./post-keys.ts";
import { placesProblem } from "./proof-places.ts";
import { parseUploadRef } from "./uploads.ts";

/** How a field is edited and checked. */
export type FieldKind =
  | "text" // one line
  | "multiline" // a paragraph, plain text
  | "date" // a day, 2026-05-01, picked from a calendar
  | "markdown" // rendered with the site's markdown pipeline
  | "link" // a page of the site (/contact) or a web address (https://…)
  | "image" // an uploaded image's reference, or an image file of the site (/og-image.png)
  | "upload" // an uploaded image's reference (common/uploads.ts)
  | "places"; // the pages a piece of customer proof stands on (common/proof-places.ts)

export interface FieldSchema {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  /** The most characters the field takes. */
  max: number;
  /** A shape the text must have, and what to say when it has not. */
  pattern?: { regex: RegExp; message: string };
  /** A field needed once another is filled (a cover's alternative text, once there is a cover). */
  requiredWith?: { field: string; reason: string };
  /** Fields filled together or not at all (a second price: its amount, unit and name). */
  together?: readonly string[];
  /** The length search engines show: outside it the console warns, the save still goes through. */
  recommended?: { min?: number; max?: number };
  help?: string;
}

export interface ListSchema {
  /** What one entry is called in messages and the form ("Quote"). */
  entry: string;
  fields: readonly FieldSchema[];
  /** How many entries: a fixed count (min = max) means no adding or removing. */
  min: number;
  max: number;
  /** The field whose text names an entry in the form's list (a post by its title). */
  titleField: string;
  /** The form's legend for a key of one entry whose title field does not name it (a page's head). */
  legend?: string;
  /** The fields whose {{placeholders}} the pages fill (common/placeholders.ts); every field when absent. */
  placeholderFields?: readonly string[];
}

export type Entry = Record<string, string>;

/** The recommended lengths of a page's title and description, which the console counts and warns about. */
export const headLengths = { title: { max: 60 }, description: { min: 70, max: 160 } } as const;

const amount = {
  regex: /^\d{1,7}(\.\d{2})?$/,
  message: "must be a number such as 999 or 8.33 (digits, and cents after a point)",
};
const secondPrice = ["packAmount", "packUnit", "packOffer"] as const;

const pricing = {
  entry: "Edition",
  titleField: "edition",
  min: 2,
  max: 2,
  fields: [
    {
      name: "name",
      label: "App name",
      kind: "text",
      required: true,
      max: 80,
      help: "{{productName}} and {{proProductName}} are the settings",
    },
    { name: "edition", label: "Edition", kind: "text", required: true, max: 80 },
    { name: "amount", label: "Price (USD)", kind: "text", required: true, max: 10, pattern: amount },
    { name: "unit", label: "Price is", kind: "text", required: true, max: 60, help: "per user per month, per year" },
    {
      name: "offer",
      label: "Offer name",
      kind: "text",
      required: true,
      max: 40,
      help: "How search engines name this price",
    },
    { name: "covers", label: "What the price includes", kind: "text", required: true, max: 200 },
    {
      name: "packAmount",
      label: "Second price (USD)",
      kind: "text",
      required: false,
      max: 10,
      pattern: amount,
      together: secondPrice,
    },
    { name: "packUnit", label: "Second price is", kind: "text", required: false, max: 60, together: secondPrice },
    { name: "packOffer", label: "Second offer name", kind: "text", required: false, max: 40, together: secondPrice },
  ],
} as const satisfies ListSchema;

const faq = {
  entry: "Question",
  titleField: "question",
  min: 1,
  max: 30,
  fields: [
    { name: "question", label: "Question", kind: "text", required: true, max: 160 },
    { name: "answer", label: "Answer", kind: "markdown", required: true, max: 3000 },
  ],
} as const satisfies ListSchema;

const quotes = {
  entry: "Quote",
  titleField: "person",
  min: 0,
  max: 12,
  fields: [
    { name: "quote", label: "Quote", kind: "multiline", required: true, max: 600 },
    { name: "person", label: "Person", kind: "text", required: true, max: 80 },
    { name: "role", label: "Role", kind: "text", required: true, max: 80 },
    { name: "company", label: "Company", kind: "text", required: true, max: 80 },
    { name: "logo", label: "Logo (uploaded image)", kind: "upload", required: false, max: 60 },
    { name: "places", label: "Shown on", kind: "places", required: false, max: 400, help: "Home unless ticked" },
  ],
} as const satisfies ListSchema;

const logos = {
  entry: "Logo",
  titleField: "company",
  min: 0,
  max: 24,
  fields: [
    { name: "company", label: "Company", kind: "text", required: true, max: 80 },
    { name: "logo", label: "Logo (uploaded image)", kind: "upload", required: true, max: 60 },
    { name: "link", label: "Link", kind: "link", required: false, max: 300 },
    { name: "places", label: "Shown on", kind: "places", required: false, max: 400, help: "Home unless ticked" },
  ],
} as const satisfies ListSchema;

/** The kinds of system an integration connects, and the feature page each kind is named on too. */
export const integrationKinds = ["accounting", "ERP", "payroll", "HR", "other"] as const;

/**
 * The systems the app connects to, named (issue #43): none until the company names them, so no page
 * hints at a connection it cannot name.
 */
const integrations = {
  entry: "Integration",
  titleField: "name",
  min: 0,
  max: 24,
  fields: [
    {
      name: "name",
      label: "System",
      kind: "text",
      required: true,
      max: 60,
      help: "The system's own name, as buyers know it (the accounting or payroll system)",
    },
    {
      name: "kind",
      label: "Kind",
      kind: "text",
      required: false,
      max: 20,
      pattern: {
        regex: new RegExp(`^(${integrationKinds.join("|")})$`, "i"),
        message: `must be one of ${integrationKinds.join(", ")} (or empty)`,
      },
      help: "accounting, ERP, payroll, HR or other: says which feature page names it too",
    },
    {
      name: "link",
      label: "Link",
      kind: "link",
      required: false,
      max: 300,
      help: "Where a buyer reads about the connection: a page of the site (/support) or a web address",
    },
  ],
} as const satisfies ListSchema;

const slides = {
  entry: "Slide",
  titleField: "title",
  min: 4,
  max: 4,
  fields: [
    { name: "title", label: "Title", kind: "text", required: true, max: 40 },
    { name: "description", label: "Description", kind: "multiline", required: true, max: 160 },
  ],
} as const satisfies ListSchema;

/** A page's head (requirements §3 "Page meta data"): one entry, its title and description counted. */
const head = {
  entry: "Page",
  titleField: "title",
  legend: "In search results and shared links",
  min: 1,
  max: 1,
  fields: [
    {
      name: "title",
      label: "Title",
      kind: "text",
      required: false,
      max: 120,
      recommended: headLengths.title,
      help: "Without the brand, which follows it; empty on the home page",
    },
    {
      name: "description",
      label: "Description",
      kind: "multiline",
      required: true,
      max: 300,
      recommended: headLengths.description,
    },
    { name: "keywords", label: "Keywords", kind: "text", required: true, max: 300, help: "Separated by commas" },
    {
      name: "image",
      label: "Social image",
      kind: "image",
      required: false,
      max: 120,
      help: "Shown where the page is shared; empty: the site's own image",
    },
  ],
} as const satisfies ListSchema;

const day = {
  regex: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  message: "must be a day written as 2026-05-01",
};

/** A blog post (common/post-keys.ts: one key per post): its words, cover, byline and date. */
export const postSchema = {
  entry: "Post",
  titleField: "title",
  // The blog (app/features/blog/posts.server.ts) fills the text's placeholders; the other fields show as written.
  placeholderFields: ["body"],
  min: 1,
  max: 1,
  fields: [
    { name: "title", label: "Title", kind: "text", required: true, max: 120, recommended: headLengths.title },
    {
      name: "summary",
      label: "Summary",
      kind: "multiline",
      required: true,
      max: 300,
      recommended: headLengths.description,
      help: "Shown in the blog's list of posts, in its feed and in search results",
    },
    { name: "body", label: "Text", kind: "markdown", required: true, max: 100_000 },
    { name: "cover", label: "Cover image", kind: "upload", required: false, max: 60 },
    {
      name: "coverAlt",
      label: "Cover's alternative text",
      kind: "text",
      required: false,
      max: 200,
      requiredWith: { field: "cover", reason: "once there is a cover" },
      help: "What the cover shows, for those who cannot see it",
    },
    { name: "author", label: "Author", kind: "text", required: true, max: 80 },
    { name: "tags", label: "Tags", kind: "text", required: false, max: 200, help: "Separated by commas" },
    {
      name: "date",
      label: "Publish date",
      kind: "date",
      required: true,
      max: 10,
      pattern: day,
      help: "The day the post carries; the blog lists the newest first",
    },
  ],
} as const satisfies ListSchema;

/** The pages whose head an editor changes: "head/<page>", shown on the path of headPages. */
export const headPages = {
  "head/home": "/",
  "head/features": "/features",
  "head/products": "/products",
  "head/solutions": "/solutions",
  "head/blog": "/blog",
  "head/about": "/about",
  "head/privacy": "/privacy",
  "head/terms": "/terms",
  "head/security": "/security",
  "head/contact": "/contact",
  "head/support": "/support",
  "head/demo": "/demo",
  "head/features-project": "/features/project",
  "head/features-resource": "/features/resource",
  "head/features-time-expense-items": "/features/time-expense-items",
  "head/features-time-expense-reports": "/features/time-expense-reports",
  "head/features-billing": "/features/billing",
  "head/features-time-off": "/features/time-off",
  "head/features-payroll-integration": "/features/payroll-integration",
  "head/demo-timesheet": "/demo-timesheet",
  "head/demo-timer": "/demo-timer",
  "head/demo-new-te": "/demo-new-te",
  "head/demo-project-allocation": "/demo-project-allocation",
  "head/demo-classic": "/demo-classic",
  "head/media": "/media",
} as const;

/** Every structured key and its schema. */
export const structuredSchemas = {
  pricing,
  "faq/products": faq,
  "proof/quotes": quotes,
  "proof/logos": logos,
  integrations,
  "carousel/slides": slides,
  "head/home": head,
  "head/features": head,
  "head/products": head,
  "head/solutions": head,
  "head/blog": head,
  "head/about": head,
  "head/privacy": head,
  "head/security": head,
  "head/terms": head,
  "head/contact": head,
  "head/support": head,
  "head/demo": head,
  "head/features-project": head,
  "head/features-resource": head,
  "head/features-time-expense-items": head,
  "head/features-time-expense-reports": head,
  "head/features-billing": head,
  "head/features-time-off": head,
  "head/features-payroll-integration": head,
  "head/demo-timesheet": head,
  "head/demo-timer": head,
  "head/demo-new-te": head,
  "head/demo-project-allocation": head,
  "head/demo-classic": head,
  "head/media": head,
} as const satisfies Record<string, ListSchema>;

export type StructuredKey = keyof typeof structuredSchemas;
export const structuredKeys = Object.keys(structuredSchemas) as StructuredKey[];
/** A key whose body is JSON entries: a structured key, or a post. */
export type SchemaKey = StructuredKey | PostKey;
export const isStructuredKey = (key: string): key is SchemaKey =>
  Object.hasOwn(structuredSchemas, key) || isPostKey(key);
export const schemaOf = (key: SchemaKey): ListSchema => (isPostKey(key) ? postSchema : structuredSchemas[key]);

/** One entry of a key, typed by its schema's fields (a field not required may be absent or ""). */
export type EntryOf<K extends StructuredKey> = {
  [F in (typeof structuredSchemas)[K]["fields"][number] as F["name"]]: F["required"] extends true
    ? string
    : string | undefined;
};

const refusedSchemes = /^(javascript|vbscript|data|file):/i;

/** The scheme a browser would see: percent-escapes decoded, whitespace and control characters gone. */
export function schemeOf(address: string): string {
  let decoded = address;
  try {
    decoded = decodeURIComponent(address);
  } catch {
    // A malformed escape stays as written; the browser would not decode it either.
  }
  return [...decoded].filter((char) => char.charCodeAt(0) > 0x20).join("");
}
export const isRefusedAddress = (address: string) => refusedSchemes.test(schemeOf(address));

/** What is wrong with one field's text, as the end of a sentence naming it; undefined when nothing. */
function fieldProblem(field: FieldSchema, text: string, entry: Entry, draft: boolean): string | undefined {
  if (text.trim() === "") {
    if (draft) return undefined;
    if (field.required) return "is required";
    if (field.requiredWith && (entry[field.requiredWith.field] ?? "").trim() !== "")
      return `is required ${field.requiredWith.reason}`;
    const partners = field.together?.filter((name) => (entry[name] ?? "").trim() !== "") ?? [];
    return partners.length ? "is required when the other fields of the second price are filled" : undefined;
  }
  if (text.length > field.max) return `is ${text.length} characters long; at most ${field.max}`;
  if (field.pattern && !field.pattern.regex.test(text)) return field.pattern.message;
  if (field.pattern === day && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) !== text)
    return "is not a day of the calendar";
  if (field.kind === "link") {
    if (isRefusedAddress(text)) return "is refused: javascript:, vbscript:, data: and file: addresses are not allowed";
    // No backslash (a slash to browsers: "/\host" is another site), control character or space anywhere.
    if (/[\\\s\p{Cc}]/u.test(text) || !/^(https?:\/\/.+|\/(?!\/).*)$/i.test(text))
      return "must be a page of the site (/contact) or a web address (https://…)";
  }
  if (field.kind === "image" && !parseUploadRef(text) && !/^\/[\w./-]+\.(png|jpe?g|webp)$/i.test(text))
    return "must be an uploaded image's reference (/assets/uploads/…) or an image of the site such as /og-image.png";
  if (field.kind === "places") return placesProblem(text);
  if (field.kind === "upload" && !parseUploadRef(text))
    return "must be an uploaded image's reference, such as /assets/uploads/3f2a9c1b0d4e5f67-1200x800 (see Images)";
  return undefined;
}

/** One problem of a key's text: the sentence to show, and the entry and field it is about, if any. */
export interface StructuredProblem {
  text: string;
  /** The entry's index and the field's label; absent for a problem of the whole text. */
  at?: { index: number; label: string };
  /** The sentence the form shows under the field ("Summary is required."). */
  fieldText?: string;
  /** The field is empty and must not be: the form says so only once it was typed in and left. */
  empty?: boolean;
}

/**
 * The sentence naming a field's problem: "Summary is required." in a key of one entry (a post, a
 * page's head), "Quote 2, Person: is required." in a list. A problem that is a sentence of its own
 * (an unknown placeholder) follows the label after a colon.
 */
export function problemSentence(schema: ListSchema, index: number, label: string, problem: string): string {
  if (schema.max === 1) return fieldSentence(label, problem);
  return `${schema.entry} ${index + 1}, ${label}: ${problem}${/^[A-Z]/.test(problem) ? "" : "."}`;
}

const fieldSentence = (label: string, problem: string) =>
  /^[A-Z]/.test(problem) ? `${label}: ${problem}` : `${label} ${problem}.`;

/**
 * Every problem of a key's JSON text against its schema, each a sentence naming the field (and the
 * entry, in a list). Markdown fields are checked for links by the caller, which reads them as the
 * renderer does. A `draft` may be unfinished: empty fields and too few entries are no problem until
 * it is published.
 */
export function structuredFindings(key: SchemaKey, body: string, { draft = false } = {}): StructuredProblem[] {
  const schema = schemaOf(key);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    return [{ text: `The text is not JSON: ${(error as Error).message}.` }];
  }
  if (!Array.isArray(value))
    return [{ text: `The text must be a JSON list of ${schema.entry.toLowerCase()} entries.` }];
  const problems: StructuredProblem[] = [];
  if ((!draft && value.length < schema.min) || value.length > schema.max)
    problems.push({
      text:
        schema.min === schema.max
          ? `There must be exactly ${schema.min} ${schema.entry.toLowerCase()} entries (there are ${value.length}).`
          : `There may be ${schema.min} to ${schema.max} ${schema.entry.toLowerCase()} entries (there are ${value.length}).`,
    });
  const known = new Set(schema.fields.map((field) => field.name));
  const of = (index: number, label: string, problem: string, empty = false): StructuredProblem => ({
    text: problemSentence(schema, index, label, problem),
    at: { index, label },
    fieldText: fieldSentence(label, problem),
    ...(empty && { empty }),
  });
  value.forEach((entry: unknown, index) => {
    const where = `${schema.entry} ${index + 1}`;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
      problems.push({ text: `${where}: must be an object of fields.` });
      return;
    }
    const record = entry as Record<string, unknown>;
    for (const name of Object.keys(record))
      if (!known.has(name)) problems.push({ text: `${where}: "${name}" is not a field of this content.` });
    for (const field of schema.fields) {
      const text = record[field.name] ?? "";
      if (typeof text !== "string") {
        problems.push(of(index, field.label, "must be text"));
        continue;
      }
      const problem = fieldProblem(field, text, record as Entry, draft);
      if (problem) problems.push(of(index, field.label, problem, text.trim() === ""));
      const filled = schema.placeholderFields ?? schema.fields.map(({ name }) => name);
      if (filled.includes(field.name))
        for (const unknown of unknownPlaceholders(text)) problems.push(of(index, field.label, unknown.text));
    }
  });
  return problems;
}

/** The sentences of structuredFindings, for the server's refusals and the command line. */
export const structuredProblems = (key: SchemaKey, body: string, options: { draft?: boolean } = {}): string[] =>
  structuredFindings(key, body, options).map((problem) => problem.text);

/**
 * Lengths outside a field's recommended range ("Head 1, Title: 72 characters; search results show
 * about 60."): the console warns before publishing, the store accepts them.
 */
export function structuredWarnings(key: SchemaKey, body: string): string[] {
  const schema = schemaOf(key);
  let entries: Entry[];
  try {
    entries = JSON.parse(body) as Entry[];
  } catch {
    return [];
  }
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry) =>
    schema.fields.flatMap((field) => {
      const length = typeof entry?.[field.name] === "string" ? entry[field.name].length : 0;
      const { min, max } = field.recommended ?? {};
      if (!length || (min === undefined && max === undefined)) return [];
      const where = `${field.label} is ${length} characters`;
      if (max !== undefined && length > max) return [`${where}: search results show about ${max}.`];
      if (min !== undefined && length < min) return [`${where}: ${min} to ${max} reads best in search results.`];
      return [];
    }),
  );
}

/** The JSON text a key stores: two-space indents and a final newline, so history diffs line by line. */
export const structuredText = (entries: readonly Entry[]) => `${JSON.stringify(entries, null, 2)}\n`;
