/**
 * Where customer proof can stand (issue #44): the pages where buyers decide. Each quote and each logo
 * names its pages in a "places" field, a text of page paths ("/, /features/billing"); without one it
 * stands on the home page, as every quote did before places existed. The feature pages are the
 * catalog's (app/features/catalog/features.ts, which a test holds this list to), in its tab order.
 */
export const proofPlaces = [
  { path: "/", name: "Home" },
  { path: "/products", name: "Products" },
  { path: "/features/project", name: "Feature: Project Management" },
  { path: "/features/resource", name: "Feature: Resource Management" },
  { path: "/features/time-expense-items", name: "Feature: Time and Expense Items" },
  { path: "/features/time-expense-reports", name: "Feature: Time and Expense Reports" },
  { path: "/features/billing", name: "Feature: Billing" },
  { path: "/features/time-off", name: "Feature: Time Off" },
  { path: "/features/payroll-integration", name: "Feature: Payroll Integration" },
  { path: "/solutions", name: "Solutions" },
] as const;

export type ProofPlace = (typeof proofPlaces)[number]["path"];

/** Where proof stands when its entry names no place: where it always stood. */
export const defaultPlaces: readonly ProofPlace[] = ["/"];

const placePaths: readonly string[] = proofPlaces.map(({ path }) => path);
const isProofPlace = (path: string): path is ProofPlace => placePaths.includes(path);

const partsOf = (text: string) =>
  text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);

/** The pages an entry's "places" text names, in the list's order; none named: the home page. */
export function placesOf(text: string | undefined): ProofPlace[] {
  const named = new Set(partsOf(text ?? "").filter(isProofPlace));
  return named.size ? proofPlaces.map(({ path }) => path).filter((path) => named.has(path)) : [...defaultPlaces];
}

/** The text that names these pages, in the list's order (what the console's ticks write). */
export const placesText = (places: Iterable<string>) => {
  const chosen = new Set(places);
  return placePaths.filter((path) => chosen.has(path)).join(", ");
};

/** What is wrong with a "places" text, as the end of a sentence naming the field; undefined when nothing. */
export function placesProblem(text: string): string | undefined {
  const unknown = partsOf(text).filter((part) => !isProofPlace(part));
  if (!unknown.length) return undefined;
  return `names ${unknown.map((part) => `"${part}"`).join(", ")}, which proof cannot stand on; the pages are ${placePaths.join(", ")}`;
}

/** The entries placed on a page. */
export const placedOn = <T extends { places?: string }>(entries: readonly T[], page: string): T[] =>
  entries.filter((entry) => (placesOf(entry.places) as string[]).includes(page));

/** What a page is called where an editor chooses places. */
export const placeName = (path: string) => proofPlaces.find((place) => place.path === path)?.name ?? path;

/** How many entries stand on each page, in the list's order, pages with none left out. */
export function placementCounts(entries: readonly { places?: string }[]): { page: ProofPlace; count: number }[] {
  return proofPlaces.flatMap(({ path }) => {
    const count = placedOn(entries, path).length;
    return count ? [{ page: path, count }] : [];
  });
}

/** "Home (2), Feature: Billing (1)": where a key's entries stand; "" for none or a text that is no list. */
export function placementSummary(text: string): string {
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch {
    return "";
  }
  if (!Array.isArray(entries)) return "";
  const placeable = entries.filter(
    (entry): entry is { places?: string } => typeof entry === "object" && entry !== null,
  );
  return placementCounts(placeable)
    .map(({ page, count }) => `${placeName(page)} (${count})`)
    .join(", ");
}
