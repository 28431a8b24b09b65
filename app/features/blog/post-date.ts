/** A post's date as people read it, "May 1, 2026": the day as written, whatever the reader's time zone. */
export const postDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
