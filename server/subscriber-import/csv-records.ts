/**
 * CSV records (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes, CRLF or LF),
 * each with the line of the file it starts on, so a problem can be reported by line.
 */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export function csvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  const input = text.replace(/^\uFEFF/, "");
  const endRecord = () => {
    fields.push(field);
    // A blank line is no record.
    if (fields.length > 1 || fields[0] !== "") records.push({ line: start, fields });
    fields = [];
    field = "";
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === "\n") line++;
        field += c;
      }
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      fields.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && input[i + 1] === "\n") i++;
      endRecord();
      line++;
      start = line;
    } else field += c;
  }
  if (field !== "" || fields.length > 0) endRecord();
  return records;
}
