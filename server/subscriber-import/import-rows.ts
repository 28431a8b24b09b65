/** A subscriber CSV checked whole, each row with the sign-up form's own rules, every problem by its line. */
import { fieldErrors, newsletterFormSchema } from "#common/validation.ts";
import { CsvError } from "csv-parse/sync";
import { csvRecords, type CsvRecord } from "./csv-records.ts";

export const importColumns = ["email", "first_name", "last_name", "consent_date", "source"] as const;
/** Rows per import: one transaction. */
export const maxImportRows = 50_000;

export interface ImportRow {
  line: number;
  email: string;
  firstName: string;
  lastName: string;
  /** When the person consented (ISO); null: they get a confirmation mail first. */
  consentedAt: string | null;
  source: string | null;
}

export interface ImportProblem {
  line: number;
  message: string;
}

/** The answer for a file refused as a whole: one problem, no rows. */
const refused = (line: number, message: string) => ({ rows: [], problems: [{ line, message }] });

const datePattern = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The rows, or every problem found (nothing is imported from a file with any). */
export function importRowsOf(text: string, now: Date): { rows: ImportRow[]; problems: ImportProblem[] } {
  let all: CsvRecord[];
  try {
    all = csvRecords(text);
  } catch (error) {
    if (error instanceof CsvError && error.code === "CSV_QUOTE_NOT_CLOSED")
      return refused(Number(error.lines ?? 1), 'A quoted field is never closed (a " is missing).');
    throw error;
  }
  const [header, ...records] = all;
  const problems: ImportProblem[] = [];
  if (!header) return refused(1, "The file is empty.");
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const unknown = names.filter((name) => !(importColumns as readonly string[]).includes(name));
  if (!names.includes("email") || unknown.length)
    return refused(
      header.line,
      `The first line must name the columns: email (required), first_name, last_name, consent_date, source${unknown.length ? `; unknown: ${unknown.join(", ")}` : ""}.`,
    );
  if (records.length > maxImportRows) return refused(header.line, `At most ${maxImportRows} rows per import.`);
  const rows: ImportRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, fields } of records) {
    if (fields.length !== names.length) {
      problems.push({ line, message: `${fields.length} fields where the header names ${names.length}.` });
      continue;
    }
    const value = (name: string) => (names.includes(name) ? fields[names.indexOf(name)].trim() : "");
    const email = value("email");
    const errors = fieldErrors(newsletterFormSchema, {
      email,
      first_name: value("first_name"),
      last_name: value("last_name"),
    });
    const messages = Object.values(errors);
    const consent = value("consent_date");
    const consentedAt = consent && datePattern.test(consent) ? new Date(consent.replace(" ", "T")) : undefined;
    if (consent && (!consentedAt || Number.isNaN(consentedAt.getTime())))
      messages.push(`consent_date "${consent}" is not a date (YYYY-MM-DD, or an ISO date and time).`);
    else if (consentedAt && consentedAt.getTime() > now.getTime()) messages.push("consent_date is in the future.");
    const source = value("source");
    if (source.length > 100 || /[\p{Cc}\u2028\u2029]/u.test(source))
      messages.push("source must be one line of at most 100 characters.");
    const key = email.toLowerCase();
    if (!errors.email && seen.has(key)) messages.push(`${email} is also on line ${seen.get(key)}.`);
    if (messages.length) {
      problems.push({ line, message: messages.join(" ") });
      continue;
    }
    seen.set(key, line);
    rows.push({
      line,
      email,
      firstName: value("first_name"),
      lastName: value("last_name"),
      consentedAt: consentedAt ? consentedAt.toISOString() : null,
      source: source || null,
    });
  }
  if (rows.length === 0 && problems.length === 0)
    problems.push({ line: header.line, message: "The file has no rows." });
  return { rows: problems.length ? [] : rows, problems };
}
