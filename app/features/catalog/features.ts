import type { ContentKey } from "#common/content-keys.ts";
import { pagePath } from "#common/paths.ts";
import type { ScreenName } from "#art/artworks.ts";

/**
 * The feature pages and their tab menu (requirements §2), in tab order, with the product screens each
 * page shows (art/screens.ts; the first one is the page's main picture and its card thumbnail).
 */
export const features = [
  {
    path: "/features/project",
    screens: ["project-board"],
    tab: "Project",
    title: "Project Management",
    contentKey: "features-project",
    summary: "Projects, deliverables, budgets and who may book time to them.",
    keywords: "project management, project budget, deliverables, project tracking",
  },
  {
    path: "/features/resource",
    screens: ["resource-planning"],
    tab: "Resource",
    title: "Resource Management",
    contentKey: "features-resource",
    summary: "Assign people to projects and see who is free and who is booked.",
    keywords: "resource management, resource planning, staffing, allocation",
  },
  {
    path: "/features/time-expense-items",
    screens: ["timesheet", "expense-report"],
    tab: "T+E Item",
    title: "Time and Expense Items",
    contentKey: "features-te-item",
    summary: "Time entries in decimal hours and expenses with receipts.",
    keywords: "time entry, expense entry, timesheet, receipts, billable hours",
  },
  {
    path: "/features/time-expense-reports",
    screens: ["expense-report"],
    tab: "T+E Report",
    title: "Time and Expense Reports",
    contentKey: "features-te-report",
    summary: "Weekly timesheets and expense reports, submitted and approved.",
    keywords: "timesheet approval, expense report, time report, approvals",
  },
  {
    path: "/features/billing",
    screens: ["billing-run", "invoice"],
    tab: "Billing",
    title: "Billing",
    contentKey: "features-billing",
    summary: "Turn approved billable time and expenses into invoices.",
    keywords: "billing, invoicing, billable time, professional services billing",
  },
  {
    path: "/features/time-off",
    screens: ["time-off"],
    tab: "Time Off",
    title: "Time Off",
    contentKey: "features-time-off",
    summary: "Requests, approvals and accruals for vacation and leave.",
    keywords: "time off, PTO, leave management, accrual, vacation tracking",
  },
  {
    path: "/features/payroll-integration",
    screens: ["payroll"],
    tab: "Payroll",
    title: "Payroll Integration",
    contentKey: "features-payroll",
    summary: "Hand approved hours to payroll, weekly, semimonthly or monthly.",
    keywords: "payroll integration, payroll export, pay periods, hours for payroll",
  },
] as const satisfies readonly {
  path: string;
  screens: readonly [ScreenName, ...ScreenName[]];
  tab: string;
  title: string;
  contentKey: ContentKey;
  summary: string;
  keywords: string;
}[];

export type Feature = (typeof features)[number];

export function featureByPath(pathname: string): Feature {
  const feature = features.find((f) => f.path === pagePath(pathname));
  if (!feature) throw new Error(`No feature page at ${pathname}`);
  return feature;
}
