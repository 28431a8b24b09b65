import type { SiteConfig } from "#common/site.ts";

/** What really differs between the two apps, one row each (prices are said once, in the plans). */
export function comparison(site: SiteConfig): { topic: string; enterprise: string; professional: string }[] {
  return [
    {
      topic: "Runs in",
      enterprise: `${site.platformName} Enterprise edition`,
      professional: `${site.platformName} Professional edition`,
    },
    {
      topic: "How you pay",
      enterprise: "Per user: by the month, or a year at a time in packs of 10 users",
      professional: "One price a year for the org",
    },
    {
      topic: "As your team grows",
      enterprise: "Add users one at a time or ten at a time",
      professional: "The price stays the same",
    },
    {
      topic: "Made for",
      enterprise: `Organizations that weave time and expenses into their ${site.platformName} processes`,
      professional: "Smaller teams that want one simple price",
    },
  ];
}
