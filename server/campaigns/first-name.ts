/**
 * {{firstName}}: without one it goes with the space before it ("Hello {{firstName}}," reads "Hello,");
 * a name is a subscriber's own words, escaped in the markdown so it never becomes a link or heading.
 */

/** The placeholder and the one space or tab before it. */
const placeholder = /([ \t]?)\{\{\s*firstName\s*\}\}/g;

/** Backslash before each ASCII punctuation mark: markdown shows it as written. */
export const escapeMarkdown = (text: string) => text.replace(/[!-/:-@[-`{-~]/g, "\\$&");

/** `text` with its {{firstName}} placeholders filled, the name passed through `escape` (markdown's, by default). */
export const withFirstName = (text: string, firstName: string, escape = escapeMarkdown) =>
  text.replace(placeholder, (_, space: string) => (firstName.trim() ? `${space}${escape(firstName.trim())}` : ""));

/** A console account's first name, for its previews and test mails: the first word of its name. */
export const accountFirstName = (name: string | null | undefined) => name?.trim().split(/\s+/)[0] ?? "";
