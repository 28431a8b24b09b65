import type { SiteConfig } from "#common/site.ts";

/** A price as a buyer reads it: "USD 8.33" and what it is for, "per user per month". */
export interface Price {
  amount: string;
  unit: string;
  /** The offer's name in the structured data. */
  offer: string;
}

/**
 * Requirements §1: the two apps and their three prices, in USD. One source for the page and the structured data.
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

export function plans(site: SiteConfig): Plan[] {
  return [
    {
      name: site.productName,
      edition: "Enterprise-edition app",
      price: { amount: "8.33", unit: "per user per month", offer: "Per user" },
      covers: "Each user who records time or expenses.",
      alternative: { amount: "999", unit: "a year for a pack of 10 users", offer: "10 users" },
    },
    {
      name: site.proProductName,
      edition: "Professional-edition app",
      price: { amount: "999", unit: "per year", offer: "Annual" },
      covers: "Your org, with no per-user fee.",
    },
  ];
}

/** Every price of a plan, the main one first (the structured data lists them all). */
export const pricesOf = (plan: Plan): Price[] => (plan.alternative ? [plan.price, plan.alternative] : [plan.price]);
