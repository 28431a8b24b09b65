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
