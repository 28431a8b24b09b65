/** The content keys of spec §2: one markdown file each under content/. */
export const contentKeys = [
  "about-home",
  "blog-home",
  "features-billing",
  "features-home",
  "features-payroll",
  "features-project",
  "features-resource",
  "features-te-item",
  "features-te-report",
  "features-time-off",
  "home-billing",
  "home-expenses",
  "home-heading",
  "home-projects",
  "home-resources",
  "home-salesforce",
  "home-text",
  "home-time-off",
  "home-time",
  "products-home",
  "solutions-home",
] as const;

export type ContentKey = (typeof contentKeys)[number];
