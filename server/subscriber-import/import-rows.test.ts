import { describe, expect, it } from "vitest";
import { csvRecords } from "./csv-records.ts";
import { importRowsOf } from "./import-rows.ts";

const now = new Date("2026-03-09T10:00:00.000Z");

describe("csvRecords", () => {
  it("reads quoted fields, doubled quotes and line breaks inside quotes, numbering records by their first line", () => {
    expect(csvRecords('a,b\r\n"x, y","say ""hi"""\n\n"two\nlines",z\n')).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["x, y", 'say "hi"'] },
      { line: 4, fields: ["two\nlines", "z"] },
    ]);
  });

  it("reads a byte-order mark, CR line ends and a stray quote inside a field as spreadsheets write them", () => {
    expect(csvRecords('\uFEFFemail,first_name\rann@example.com,O"Neil\r\n\r\n"b@example.com",Bo')).toEqual([
      { line: 1, fields: ["email", "first_name"] },
      { line: 2, fields: ["ann@example.com", 'O"Neil'] },
      { line: 4, fields: ["b@example.com", "Bo"] },
    ]);
  });
});

describe("importRowsOf", () => {
  it("reports a quote never closed with its line, and imports nothing", () => {
    expect(importRowsOf('email,first_name\nann@example.com,Ann\n"bo@example.com,Bo\n', now)).toEqual({
      rows: [],
      problems: [{ line: 3, message: 'A quoted field is never closed (a " is missing).' }],
    });
  });

  it("takes rows with and without a consent date, in any column order", () => {
    const { rows, problems } = importRowsOf(
      "source,email,first_name,last_name,consent_date\nwebinar,ann@example.com,Ann,Lee,2025-11-02\n,bo@example.com,,,\n",
      now,
    );
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        line: 2,
        email: "ann@example.com",
        firstName: "Ann",
        lastName: "Lee",
        consentedAt: "2025-11-02T00:00:00.000Z",
        source: "webinar",
      },
      { line: 3, email: "bo@example.com", firstName: "", lastName: "", consentedAt: null, source: null },
    ]);
  });

  it("reports every malformed row by its line and gives no rows at all", () => {
    const csv = [
      "email,first_name,last_name,consent_date,source",
      "good@example.com,Good,Row,2025-01-01,fair",
      "not-an-address,,,,",
      "late@example.com,,,2030-01-01,",
      "when@example.com,,,last spring,",
      'multi@example.com,"Two\nLines",,,',
      "GOOD@example.com,,,,",
      "short@example.com,only",
    ].join("\n");
    const { rows, problems } = importRowsOf(csv, now);
    expect(rows).toEqual([]);
    expect(problems.map((p) => p.line)).toEqual([3, 4, 5, 6, 8, 9]);
    expect(problems[1].message).toBe("consent_date is in the future.");
    expect(problems[2].message).toContain('consent_date "last spring" is not a date');
    expect(problems[4].message).toBe("GOOD@example.com is also on line 2.");
    expect(problems[5].message).toBe("2 fields where the header names 5.");
  });

  it("refuses a file whose header does not name the columns", () => {
    expect(importRowsOf("mail,name\na@example.com,A\n", now).problems).toEqual([
      {
        line: 1,
        message:
          "The first line must name the columns: email (required), first_name, last_name, consent_date, source; unknown: mail, name.",
      },
    ]);
    expect(importRowsOf("", now).problems[0].message).toBe("The file is empty.");
  });
});
