/**
 * Whether a campaign value (ref, utm_*) names a person by an e-mail address or a phone number,
 * however it is spelled. Mailing tools, templates and people write them as `ann%2540acme.example`,
 * `ann&#64;acme.example`, `ann&commat;acme.example`, full-width `ann＠acme．example`,
 * `ann (at) acme.example` or `+1 555 0100 4477`: the value is first brought to one plain form
 * (plainForm), then looked at. Pure, for the browser and the server (common/attribution.ts).
 */

/**
 * The named character references that can spell part of an address or a phone number, or hide
 * one behind `&amp;`. HTML's table has 2,231 names; the others cannot form one, and the whole
 * table would be most of this module's weight in the browser.
 */
const namedReferences: Record<string, string> = {
  amp: "&",
  commat: "@",
  period: ".",
  plus: "+",
  lpar: "(",
  rpar: ")",
  lsqb: "[",
  rsqb: "]",
  lbrack: "[",
  rbrack: "]",
  lcub: "{",
  rcub: "}",
  lbrace: "{",
  rbrace: "}",
  lt: "<",
  gt: ">",
  hyphen: "-",
  dash: "-",
  minus: "-",
  sol: "/",
  colon: ":",
  num: "#",
  percnt: "%",
  lowbar: "_",
  nbsp: " ",
  ensp: " ",
  emsp: " ",
  thinsp: " ",
  Tab: " ",
  NewLine: " ",
};

// Each round undoes one layer; a value still changing after this many is hiding something.
const maxRounds = 8;

/** `%XX` escapes as UTF-8; a run that is not UTF-8 keeps its non-ASCII bytes escaped. */
function percentDecoded(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(/%[0-7][0-9a-f]/gi, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
    }
  });
}

/** Numeric character references (`&#64;`, `&#x40;`, the `;` optional as browsers read them) and the named ones above. */
function referencesDecoded(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));?/gi, (reference, decimal, hex, name) => {
    if (name !== undefined)
      return reference.endsWith(";") && Object.hasOwn(namedReferences, name) ? namedReferences[name] : reference;
    const codePoint = decimal !== undefined ? Number(decimal) : parseInt(hex, 16);
    return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : reference;
  });
}

/**
 * The value as a reader would see it: %-escapes and character references undone and NFKC applied
 * (full-width and small forms fold: ＠ ﹫ → @, ． ﹒ → ., １ → 1) until nothing changes, then the
 * ideographic full stop as a dot, every dash as "-", invisible (format and control) characters
 * removed and spaces collapsed. Undefined when it is still changing after `maxRounds`.
 */
export function plainForm(value: string): string | undefined {
  let text = value;
  for (let round = 0; ; round++) {
    // NFKC inside the loop: a full-width "&#６４;" reads as "&#64;" too.
    const next = referencesDecoded(percentDecoded(text)).normalize("NFKC");
    if (next === text) break;
    if (round === maxRounds) return undefined;
    text = next;
  }
  return text
    .replace(/\u3002/g, ".")
    .replace(/\p{Pd}/gu, "-")
    .replace(/\p{Cf}/gu, "")
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim();
}

// "ann (at) acme.example", "ann [at] acme [dot] example", "ann at acme dot example": the words as signs.
const spelledAt = /\s*[([{<]\s*at\s*[)\]}>]\s*|\s+at\s+/gi;
const spelledDot = /\s*[([{<]\s*dot\s*[)\]}>]\s*|\s+dot\s+/gi;
// An address: something, @, a domain with a dot and a top-level name of letters.
const emailPattern = /[^\s@]+@[^\s@]+\.\p{L}{2,}/u;

/** The text with `words` read as their signs, in that order, and the spaces around the signs gone. */
const signsOf = (plain: string, words: readonly (readonly [RegExp, string])[]) =>
  words
    .reduce((text, [word, sign]) => text.replace(word, sign), plain)
    .replace(/\s*@\s*/g, "@")
    .replace(/\s*\.\s*/g, ".");

const at = [spelledAt, "@"] as const;
const dot = [spelledDot, "."] as const;
/**
 * The ways to read the words: a label or the text beside an address may itself be one ("a@0 dot at
 * dot example" read at-first loses its dots, "a at dot dot example" read dot-first loses its @,
 * "a@b.at today" read with "at" as a sign loses its address).
 */
const readings = [[at, dot], [dot, at], [dot], [at], []] as const;

/** Whether the plain text holds an e-mail address, also written with words or with spaces around @ and dots. */
export function holdsEmailAddress(plain: string): boolean {
  return readings.some((words) => emailPattern.test(signsOf(plain, words)));
}

// A calendar date (2026-03-09, 2026.3.9) that stands alone is a campaign's, not part of a number.
const calendarDate =
  /(?<!\p{Nd}[\s()./-]*)(?:19|20)\d{2}([-./])(?:0?[1-9]|1[0-2])\1(?:0?[1-9]|[12]\d|3[01])(?![-./]?\p{Nd})/gu;
// Digits with the separators people write numbers with, not glued to a word.
const numberRun = /(?<![\p{L}\p{N}])\+?[\s(]*\p{Nd}(?:[\s()./-]*\p{Nd})*(?![\p{L}\p{N}])/gu;
/** Digits of a number with its country code (after + or 00), and of one without (a national number, or a lost +). */
const internationalDigits = 7;
const nationalDigits = 9;

/** Whether the plain text holds a phone number: 7 digits or more after a +, else 9 or more in one run. */
export function holdsPhoneNumber(plain: string): boolean {
  return (plain.replace(calendarDate, " ").match(numberRun) ?? []).some((run) => {
    const digits = run.replace(/\P{Nd}/gu, "").length;
    return digits >= (run.startsWith("+") ? internationalDigits : nationalDigits);
  });
}

/** Whether a value names a person by an e-mail address or a phone number, in any spelling plainForm undoes. */
export function holdsPersonalData(value: string): boolean {
  const plain = plainForm(value);
  return plain === undefined || holdsEmailAddress(plain) || holdsPhoneNumber(plain);
}
