import type { SiteConfig } from "#common/site.ts";

/** Spec §1: the two apps and their three prices, in USD. One source for the page and the structured data. */
export interface Plan {
  name: string;
  edition: string;
  prices: readonly { amount: string; unit: string; offer: string }[];
}

export function plans(site: SiteConfig): Plan[] {
  return [
    {
      name: site.productName,
      edition: "Enterprise-edition app",
      prices: [
        { amount: "8.33", unit: "per user per month", offer: "Per user" },
        { amount: "999", unit: "per 10 users annually", offer: "10 users" },
      ],
    },
    {
      name: site.proProductName,
      edition: "Professional-edition app",
      prices: [{ amount: "999", unit: "annual", offer: "Annual" }],
    },
  ];
}
