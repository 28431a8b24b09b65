/** The one HTML/XML escaper: for text and attribute values in pages, mails and SVG drawn as strings. */
const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c]);

/** Markup that is already safe: the result of `html` or of `raw()`, interpolated as it is. */
export class Html {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString() {
    return this.text;
  }
}

/** What `html` takes: text and numbers are escaped, markup passes, arrays are joined, null/undefined/false write nothing. */
export type HtmlValue = Html | string | number | false | null | undefined | readonly HtmlValue[];

/** Markup written by the code itself (an SVG icon, a chart drawn as a string), never text from outside. */
export const raw = (markup: string) => new Html(markup);

const render = (value: HtmlValue): string =>
  value instanceof Html
    ? value.text
    : Array.isArray(value)
      ? value.map(render).join("")
      : value === null || value === undefined || value === false
        ? ""
        : escapeHtml(String(value));

/** A tagged template that escapes every interpolated value unless it is markup (see HtmlValue). */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let text = strings[0];
  values.forEach((value, i) => {
    text += render(value) + strings[i + 1];
  });
  return new Html(text);
}
