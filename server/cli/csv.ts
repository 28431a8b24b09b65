/** CSV (RFC 4180) for operators' spreadsheets; cells that a spreadsheet would run as a formula are defused. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (values: readonly unknown[]) => values.map(csvCell).join(",") + "\r\n";
