/** RFC 4180 records (CRLF, LF or CR, even mixed) read by csv-parse, each with the line it starts on. */
import { parse } from "csv-parse/sync";

export interface CsvRecord {
  line: number;
  fields: string[];
}

const lineBreaks = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;

/** Throws csv-parse's CsvError for a file it cannot read (a quote never closed). */
export function csvRecords(text: string): CsvRecord[] {
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
}
