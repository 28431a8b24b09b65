/**
 * The {{name}} placeholders of content: the site's settings (common/site.ts) and the values derived
 * from them ({{phoneHref}}, a tel: link). One list and one pattern for the renderer that fills them
 * (app/features/content/content.server.ts), the check at save and publish (server/content/validation.ts)
 * and the console's editor, so a text that saves is a text that renders.
 */
import { siteSettingNames } from "./site.ts";

/** Values the renderer derives from the settings, for links: `[{{phone}}]({{phoneHref}})`. */
export const derivedPlaceholders = ["phoneHref"] as const;

// A Set, not an object's keys: "constructor" or "__proto__" is no placeholder, whatever a prototype holds.
const known: ReadonlySet<string> = new Set<string>([...siteSettingNames, ...derivedPlaceholders]);
export const isKnownPlaceholder = (name: string) => known.has(name);

/**
 * A name between double braces, spaces allowed around it: `{{phone}}`, `{{ productName }}`. Other text in
 * double braces (`{{#each}}`, `{{ }}`) is no placeholder and is shown as written.
 */
export const placeholderPattern = /\{\{\s*([A-Za-z_$][\w$]*)\s*\}\}/g;

export interface PlaceholderProblem {
  name: string;
  /** 1 for the text's first line. */
  line: number;
  /** "Unknown placeholder {{nope}} on line 3." */
  text: string;
}

/** Each placeholder in the text that names no setting, with its line, in the order they appear. */
export function unknownPlaceholders(text: string): PlaceholderProblem[] {
  const problems: PlaceholderProblem[] = [];
  for (const match of text.matchAll(placeholderPattern)) {
    const name = match[1];
    if (isKnownPlaceholder(name)) continue;
    const line = text.slice(0, match.index).split("\n").length;
    problems.push({ name, line, text: `Unknown placeholder {{${name}}} on line ${line}.` });
  }
  return problems;
}

/** What to write instead, after a problem: the names that do exist. */
export const placeholderHelp =
  "A placeholder names a setting of the site, such as {{productName}}, {{phone}} or {{phoneHref}} (the full list: docs/content.md).";
