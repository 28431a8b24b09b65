/**
 * CSV records (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes; CRLF, LF or
 * CR, even mixed, as spreadsheets export them), read by csv-parse, each with the line of the
 * file it starts on, so a problem can be reported by line. A file csv-parse cannot read (a
 * quote never closed) is a CsvProblem naming the line.
 */
import { CsvError, parse } from "csv-parse/sync";

export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvProblem extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.line = line;
  }
}

const lineBreaks = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;

export function csvRecords(text: string): CsvRecord[] {
  try {
    const parsed = parse(text, {
      bom: true,
      info: true,
      raw: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      record_delimiter: ["\r\n", "\n", "\r"],
    }) as unknown as { record: string[]; info: { lines: number }; raw: string }[];
    // csv-parse counts the line a record ends on; its raw text (blank lines before it and the
    // line break after it aside) says how many lines it spans.
    return parsed.map(({ record, info, raw }) => ({
      line: info.lines - lineBreaks(raw.replace(/^[\r\n]+|[\r\n]+$/g, "")),
      fields: record,
    }));
  } catch (error) {
    if (error instanceof CsvError && error.code === "CSV_QUOTE_NOT_CLOSED")
      throw new CsvProblem(Number(error.lines ?? 1), 'A quoted field is never closed (a " is missing).');
    throw error;
  }
}
