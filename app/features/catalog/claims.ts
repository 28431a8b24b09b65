/**
 * The picture of each claim of a feature page (issue #34 point 4): one per "## " section of its content, in
 * order, either a claim drawing (art/claims.ts) with its alt text or one of the product screens. A section
 * past the end of the list (an editor added one) has no picture; the page still reads.
 */
import type { ClaimName, ScreenName } from "#art/artworks.ts";
import { responsiveImage, type ResponsiveImage } from "#app/shared/artwork.ts";
import { productScreenImage, type ProductScreenImage } from "./product-screens.ts";
import type { Feature } from "./features.ts";

// File-name hashes of the claim pictures, baked in at build time (vite.config.ts); only this loader-side module reads them.
declare const __CLAIM_ART__: Record<ClaimName, string>;

export type ClaimPicture = { claim: ClaimName; alt: string } | { screen: ScreenName };

export const claimPictures = {
  "/features/project": [
    {
      claim: "claim-project-activities",
      alt: "Activity types of a project: configuration, training and workshops billable, travel non-billable.",
    },
    {
      claim: "claim-project-access",
      alt: "Who may book time: Alex Morgan to Acme Rollout only, Priya Shah to all projects, Jordan Lee to two.",
    },
    {
      claim: "claim-project-case",
      alt: "Case 00412 of Globex: 0.75 hours of billable case work logged from the case, and a timer running.",
    },
    {
      claim: "claim-project-actuals",
      alt: "Approved actuals per deliverable: configuration 148 of 200 hours, USD 22,200; training and go-live below.",
    },
    {
      claim: "claim-project-flow",
      alt: "Acme Rollout from project to billing: set up with its budget, five people allocated, 412 hours billed.",
    },
    { screen: "resource-planning" },
  ],
  "/features/resource": [
    {
      claim: "claim-resource-assign",
      alt: "People assigned to Acme Rollout deliverables: Alex Morgan 50 %, Jordan Lee 100 %, Rosa Blanco 25 %.",
    },
    {
      claim: "claim-resource-plan",
      alt: "Planned against actual hours for the week of Mar 10: Priya Shah at 44 of 40 hours, over plan.",
    },
    {
      claim: "claim-resource-availability",
      alt: "Availability for the week of Mar 24: Rosa Blanco on approved leave, Mei Tanaka with 16 hours free.",
    },
    {
      claim: "claim-resource-focus",
      alt: "A consultant's own assignments with the hours left on each: 16, 8 and 4 hours.",
    },
    {
      claim: "claim-resource-reports",
      alt: "A utilization dashboard: Priya Shah at 115 %, Jordan Lee at 100 %, Mei Tanaka at 55 %.",
    },
    {
      claim: "claim-resource-roles",
      alt: "Who uses resource management: project managers, resource managers and consultants.",
    },
    {
      claim: "claim-resource-start",
      alt: "Getting started in three steps: people imported and capacity set, assigning work next.",
    },
  ],
  "/features/time-expense-items": [
    {
      claim: "claim-items-entry",
      alt: "A time entry of 2.50 hours on Acme Rollout configuration, with its description and rounding to 15 minutes.",
    },
    {
      claim: "claim-items-ways",
      alt: "Four ways to enter time: the weekly timesheet, a timer, from a case, and on mobile.",
    },
    { screen: "expense-report" },
    {
      claim: "claim-items-next",
      alt: "After a timesheet is submitted: locked, approved by a manager, then passed to billing and payroll.",
    },
  ],
  "/features/time-expense-reports": [
    { screen: "timesheet" },
    {
      claim: "claim-reports-status",
      alt: "A weekly timesheet's way from draft on Mar 3, submitted on Mar 7, to approved today.",
    },
    {
      claim: "claim-reports-rules",
      alt: "Approval rules per project: manual approval by a project lead or manager, automatic for internal time.",
    },
    {
      claim: "claim-reports-reminders",
      alt: "Timesheet reminders: Friday afternoon to everyone, Monday to those still missing, then their manager.",
    },
    {
      claim: "claim-reports-feeds",
      alt: "What approved data feeds: billing with 38.25 billable hours, payroll with 40 hours, live reports.",
    },
    {
      claim: "claim-reports-people",
      alt: "A week made easy: copy last week's lines, saved as a draft, sent back with the reason.",
    },
    {
      claim: "claim-reports-flow",
      alt: "Expense report ER-0142: submitted by Alex Morgan, in manager review by Priya Shah, then finance export.",
    },
  ],
  "/features/billing": [
    {
      claim: "claim-billing-source",
      alt: "Monday's time entries, each marked billable or non-billable as it is entered.",
    },
    {
      claim: "claim-billing-expenses",
      alt: "A hotel expense ready to re-bill: USD 538.00 amount, vendor, financial account and the attached receipt.",
    },
    { screen: "invoice" },
    {
      claim: "claim-billing-reports",
      alt: "A report of approved, unbilled hours per project: Acme Rollout 96.5, Northwind Audit 56.5, Globex 24.5.",
    },
    { claim: "claim-billing-accounting", alt: "Invoices exported to the accounting system: two sent, one queued." },
    {
      claim: "claim-billing-inside",
      alt: "The account Northwind Traders with its opportunity, unbilled time and last invoice in one record.",
    },
  ],
  "/features/time-off": [
    {
      claim: "claim-time-off-request",
      alt: "A leave request: vacation on Apr 24 and 25, 2 days, 15.5 days left afterwards.",
    },
    {
      claim: "claim-time-off-approve",
      alt: "A leave request's approval path: requested by Rosa Blanco, approved by the team lead, HR and payroll told.",
    },
    {
      claim: "claim-time-off-accruals",
      alt: "Accrual rules: vacation 2.08 days a month, sick leave 10 days a year, up to 5 days carried over.",
    },
    {
      claim: "claim-time-off-balances",
      alt: "Leave balances: vacation 17.5 of 25 days, sick leave 8 of 10, personal 2 of 3.",
    },
    {
      claim: "claim-time-off-payroll",
      alt: "Approved leave sent to payroll as earning codes: 16 hours of vacation and 8 of sick leave.",
    },
    {
      claim: "claim-time-off-team",
      alt: "Who is out this week: Sam Kim on vacation, Mei Tanaka sick, Jordan Lee's request waiting.",
    },
  ],
  "/features/payroll-integration": [
    {
      claim: "claim-payroll-periods",
      alt: "Pay periods: weekly, semimonthly from the 1st to the 15th and the 16th to the end, or monthly.",
    },
    {
      claim: "claim-payroll-approved",
      alt: "Hours for Mar 1–15: Alex Morgan and Priya Shah approved, Daniel Okafor held back as pending.",
    },
    {
      claim: "claim-payroll-employee",
      alt: "One employee's period: 80 regular hours, 2.5 overtime, no time off and USD 185 in expenses.",
    },
    {
      claim: "claim-payroll-reminders",
      alt: "Timesheet reminders: Friday afternoon to everyone, Monday to those still missing, then their manager.",
    },
    {
      claim: "claim-payroll-provider",
      alt: "The payroll provider connected, with hours mapped to earning codes REG, OT15, VAC and PDM.",
    },
    {
      claim: "claim-time-off-payroll",
      alt: "Approved leave sent to payroll as earning codes: 16 hours of vacation and 8 of sick leave.",
    },
  ],
} as const satisfies Record<Feature["path"], readonly ClaimPicture[]>;

/** A section's picture as loader data: a claim drawing's responsive image, or a product screen's. */
export type SectionPicture =
  | { kind: "claim"; name: ClaimName; alt: string; image: ResponsiveImage }
  | { kind: "screen"; image: ProductScreenImage };

export function sectionPictures(path: Feature["path"]): SectionPicture[] {
  return claimPictures[path].map((picture) =>
    "claim" in picture ? claimPicture(picture) : { kind: "screen", image: productScreenImage(picture.screen) },
  );
}

const claimPicture = ({ claim, alt }: { claim: ClaimName; alt: string }): SectionPicture => ({
  kind: "claim",
  name: claim,
  alt,
  image: responsiveImage(claim, __CLAIM_ART__[claim]),
});

/** A claim drawing shown elsewhere (/solutions), with the alt text it has on its feature page. */
export function claimPictureOf(claim: ClaimName): SectionPicture {
  const picture = Object.values(claimPictures)
    .flat()
    .find((entry) => "claim" in entry && entry.claim === claim);
  if (!picture || !("claim" in picture)) throw new Error(`${claim} is no feature page's claim picture`);
  return claimPicture(picture);
}
