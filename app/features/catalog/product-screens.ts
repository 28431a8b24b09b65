/**
 * What each product screen (art/screens.ts) shows, in words: the alt text for screen readers
 * and a short visible caption. Route loaders turn a screen name into its responsive image
 * here, so the texts and srcsets travel as loader data and stay out of the browser bundle.
 */
import type { ScreenName } from "#art/artworks.ts";
import { artworkImage, type ResponsiveImage } from "#app/shared/artwork.ts";

export interface ProductScreenImage extends ResponsiveImage {
  name: ScreenName;
  /** The part of the screen around its key numbers (art/details.ts), shown instead below 640 px. */
  detail: ResponsiveImage;
  alt: string;
  caption: string;
  /** The caption of the phone detail instead (below 640 px): what that crop shows, not the whole screen. */
  phoneCaption: string;
}

export const productScreens = {
  timesheet: {
    alt: "Weekly timesheet of Alex Morgan for 3–9 March, in draft: five project and activity lines in decimal hours, 8.00 hours each weekday, 40.00 in the week, of which 38.25 billable.",
    caption: "A weekly timesheet in decimal hours, saved as a draft until it is submitted.",
    phoneCaption: "The week's hours by project, 40.00 h in all.",
  },
  "expense-report": {
    alt: "Expense report ER-0142 for a client visit to Chicago: six expenses from airfare to per diem, each with vendor and account, the hotel receipt attached, USD 1,284.60 reimbursable, submitted and in manager review.",
    caption: "An expense report with its receipts and approval steps.",
    phoneCaption: "The report's receipts and the amount to reimburse.",
  },
  "project-board": {
    alt: "Project Acme Rollout: 412 of 640 hours logged, USD 61,800 of a 96,000 budget used, 91 % billable, and five people allocated to deliverables on a timeline from Mar 3 to Apr 7.",
    caption: "A project with its hours, budget and who works on which deliverable.",
    phoneCaption: "A project's hours, budget and billable share.",
  },
  invoice: {
    alt: "Invoice INV-2041 to Northwind Traders, approved: fieldwork and review hours at their rates, a hotel night and mileage, USD 9,312.60 in total, beside a March billing run with three of four projects selected.",
    caption: "An invoice built from approved billable time and expenses.",
    phoneCaption: "The invoice's lines from approved work, and its total.",
  },
  "resource-planning": {
    alt: "Resource planning grid: seven people's booked hours per week against 40 h capacity, two over capacity in the week of Mar 17, leave marked.",
    caption: "Booked hours against capacity, week by week, with leave shown.",
    phoneCaption: "Who is booked over 40 hours this week.",
  },
  "billing-run": {
    alt: "Billing run for March: four projects under time-and-materials, retainer and fixed-fee rules, USD 30,167.60 to invoice, with the rate card.",
    caption: "A billing run: each project's billing rule, the amount to invoice and the rate card.",
    phoneCaption: "The projects in this month's billing run, and their amounts.",
  },
  "time-off": {
    alt: "Time off: vacation, sick and personal balances, two requests to approve, and the team's April calendar.",
    caption: "Leave balances, requests waiting for approval and the team calendar.",
    phoneCaption: "Leave requests waiting for approval, and a balance.",
  },
  payroll: {
    alt: "Payroll export for Mar 1–15: hours per employee, one timesheet pending, and hours mapped to the payroll provider's earning codes.",
    caption: "A payroll period's approved hours, mapped to the provider's earning codes.",
    phoneCaption: "The period's hours under the provider's earning codes.",
  },
} as const satisfies Record<ScreenName, { alt: string; caption: string; phoneCaption: string }>;

export function productScreenImage(name: ScreenName): ProductScreenImage {
  return { ...artworkImage(name), name, detail: artworkImage(`${name}-detail`), ...productScreens[name] };
}
