/**
 * A date in the US English "full" style ("Sunday, November 22, 2026"), written out by hand.
 * Why not Intl.DateTimeFormat: the first Intl formatter a page creates loads ICU locale data
 * on the main thread, which measured 93 ms on this machine's Chromium (about 370 ms on
 * Lighthouse's 4× slower phone) for a footer line, the largest single task of a page load.
 */
const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const months = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** The date in the visitor's own time zone, as Intl's en-US `dateStyle: "full"` writes it. */
export function formatFullDate(date: Date): string {
  return `${weekdays[date.getDay()]}, ${months[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}
