/**
 * A post's saved body read back: the one entry of its JSON (common/content-schemas.ts postSchema),
 * its tags as a list, newest first by publish date. Pure, for the pages, the feed and the console.
 */
import type { PostKey } from "./post-keys.ts";
import { postSchema } from "./content-schemas.ts";

export interface PostFields {
  title: string;
  summary: string;
  body: string;
  cover: string;
  coverAlt: string;
  author: string;
  tags: string;
  date: string;
}

/** A post's fields from its saved JSON; undefined when the text is not one post. */
export function postFieldsOf(body: string): PostFields | undefined {
  try {
    const [entry] = JSON.parse(body) as Record<string, unknown>[];
    if (typeof entry !== "object" || entry === null) return undefined;
    const text = (name: string) => (typeof entry[name] === "string" ? (entry[name] as string) : "");
    return Object.fromEntries(
      postSchema.fields.map((field) => [field.name, text(field.name)]),
    ) as unknown as PostFields;
  } catch {
    return undefined;
  }
}

/** "Billing, Time tracking ,, billing" → ["Billing", "Time tracking"]: trimmed, no empties, each once (any case). */
export function tagsOf(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag && !seen.has(tag.toLowerCase()) && seen.add(tag.toLowerCase()));
}

/** The newest first by publish date; a day's posts by key, so the order never depends on the store's. */
export const newestFirst = <T extends { key: PostKey; fields: Pick<PostFields, "date"> }>(posts: readonly T[]): T[] =>
  [...posts].sort((a, b) => b.fields.date.localeCompare(a.fields.date) || a.key.localeCompare(b.key));

/** A starting text for a new post: its title, today's date, its author (the writer's own name, if any), the rest to fill. */
export function newPostText(title: string, today: string, author = ""): string {
  const start: Record<string, string> = { title, date: today, author };
  return `${JSON.stringify([Object.fromEntries(postSchema.fields.map((field) => [field.name, start[field.name] ?? ""]))], null, 2)}\n`;
}
