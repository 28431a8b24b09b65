import type { EntryOf } from "#common/content-schemas.ts";

/** A price as a buyer reads it: "USD 8.33" and what it is for, "per user per month". */
export interface Price {
  amount: string;
  unit: string;
  /** The offer's name in the structured data. */
  offer: string;
}

/**
 * Requirements §1: the two apps and their three prices, in USD: fields of the "pricing" content key, so an
 * editor changes them without a build. One source for the page and the structured data.
 * Each app states one price; the Enterprise app's 10-user annual pack is its second, smaller line.
 */
export interface Plan {
  name: string;
  edition: string;
  price: Price;
  /** What the price covers, said under it. */
  covers: string;
  /** Another way to pay the same plan, shown as a secondary line. */
  alternative?: Price;
}

/** The plans from the "pricing" content key's entries (content/pricing.json, or what is published). */
export function plansOf(editions: readonly EntryOf<"pricing">[]): Plan[] {
  return editions.map((edition) => ({
    name: edition.name,
    edition: edition.edition,
    price: { amount: edition.amount, unit: edition.unit, offer: edition.offer },
    covers: edition.covers,
    ...(edition.packAmount && edition.packUnit && edition.packOffer
      ? { alternative: { amount: edition.packAmount, unit: edition.packUnit, offer: edition.packOffer } }
      : {}),
  }));
}

/** Every price of a plan, the main one first (the structured data lists them all). */
export const pricesOf = (plan: Plan): Price[] => (plan.alternative ? [plan.price, plan.alternative] : [plan.price]);
