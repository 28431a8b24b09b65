/** How the console writes dates and numbers: the viewer's own time zone, English month names. */
export const dateTime = (iso: string | null | undefined) =>
  iso
    ? new Date(iso).toLocaleString("en-GB", {
        day: "numeric",
        month: "short",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
      })
    : "–";
export const dateOnly = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" }) : "–";
export const count = (n: number) => n.toLocaleString("en-US");
export const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/** The change of a figure against the previous period: "+12%", "−5%", "new" (from 0) or "no change". */
export function change(current: number, previous: number): { text: string; direction: "up" | "down" | "flat" } {
  if (current === previous) return { text: "no change", direction: "flat" };
  if (previous === 0) return { text: "new", direction: "up" };
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return { text: "±0%", direction: "flat" };
  return { text: `${percent > 0 ? "+" : "−"}${Math.abs(percent)}%`, direction: percent > 0 ? "up" : "down" };
}

/** A report's day ("2026-11-24") as the UTC day it is ("24 Nov 2026"), whatever the browser's time zone. */
export const utcDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { dateStyle: "medium", timeZone: "UTC" });

/** What a period of `days` is compared with, in words: "yesterday", "the 7 days before". */
export const previousPeriod = (days: number) => (days === 1 ? "yesterday" : `the ${count(days)} days before`);

/**
 * A report's period as a sentence (#44 point 2): "Today, 28 Nov 2026, against yesterday", "The last
 * 7 days, 22 Nov 2026 – 28 Nov 2026, against the 7 days before", or a chosen range with its
 * length. Days are UTC days, said once.
 */
export function periodSentence({ from, to, days }: { from: string; to: string; days: number }, today: string): string {
  const against = `against ${previousPeriod(days)} (UTC days)`;
  if (to === today && days === 1) return `Today, ${utcDay(to)}, ${against}`;
  const span = `${utcDay(from)} – ${utcDay(to)}`;
  return to === today
    ? `The last ${count(days)} days, ${span}, ${against}`
    : `${span} (${plural(days, "day")}), ${against}`;
}

/**
 * A figure's change in words, its emphasis apart: ["+12%", " against the 7 days before (340)"],
 * ["new", ": none yesterday"], ["the same", " as yesterday"]; `of` names what changed when it is
 * not the figure itself ("visitors per day").
 */
export function comparison(
  delta: ReturnType<typeof change>,
  days: number,
  { of, previous }: { of?: string; previous?: number } = {},
): [emphasis: string, rest: string] {
  const before = previousPeriod(days);
  const what = of ? ` in ${of}` : "";
  const was = previous === undefined ? "" : ` (${count(previous)})`;
  if (delta.text === "new") return ["new", `: none ${days === 1 ? "yesterday" : `in ${before}`}`];
  if (delta.text === "no change") return ["the same", `${what} as ${before}${was}`];
  return [delta.text, `${what} against ${before}${was}`];
}
