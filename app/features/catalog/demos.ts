import type { PosterName } from "#app/shared/artwork.ts";
import { pagePath } from "#common/paths.ts";
import { videoIds } from "#app/shared/video-ids.ts";

// Every recorded video of the site with its poster: the one table the pages read them from
// (no two videos share a poster; demos.test.ts checks it).

// The home page's tour lives in its own module so the home page does not load every demo's details.
export { promoVideo } from "./promo-video.ts";

/** The recorded demos (requirements §2): video, details and the up/previous/next links of each page. */
export interface Demo {
  path: string;
  title: string;
  summary: string;
  videoId: string;
  videoTitle: string;
  /** Our own 16:9 picture of what the video shows (art/posters.ts), and what it shows in words. */
  poster: PosterName;
  posterAlt: string;
  /** Step-by-step details shown in the collapsible section. */
  details: readonly string[];
  up: string;
  previous: string;
  next: string;
}

export const demos = [
  {
    path: "/demo-timesheet",
    title: "Weekly Timesheet Demo",
    summary: "Enter a week of time in decimal hours, save it and submit it for approval.",
    videoId: videoIds.timesheet,
    poster: "poster-timesheet",
    posterAlt: "A weekly timesheet, 3.5 h typed for Thursday",
    videoTitle: "Entering and submitting a weekly timesheet",
    details: [
      "Open the weekly timesheet; the week starts on your configured first day.",
      "Pick a project and an activity type on each line; your project selection mode decides which projects you see.",
      "Enter hours as decimals, for example 1.5 for an hour and a half. Dates default to today.",
      "Mark lines billable or non-billable and add a description; your administrator may require daily descriptions.",
      "Save: ten additional empty lines appear so you can keep going.",
      "Submit for approval: the entries become read-only until they are approved, rejected or retracted.",
    ],
    up: "/demo",
    previous: "",
    next: "/demo-timer",
  },
  {
    path: "/demo-timer",
    title: "Timer Demo",
    summary: "Track time live with the timer and turn it into a time entry in one click.",
    videoId: videoIds.timer,
    poster: "poster-timer",
    posterAlt: "The timer running on Acme Rollout at 01:24:36",
    videoTitle: "Tracking time with the timer",
    details: [
      "Start the timer from a project or a case; it keeps running while you work.",
      "Stop pauses it; Continue picks up where you left off.",
      "Reset clears the elapsed time if you started by mistake.",
      "Update saves the description, project and activity without stopping the clock.",
      "Complete stops the timer and saves the time entry, rounded if your administrator turned rounding on (for example to the next 5 or 15 minutes).",
    ],
    up: "/demo",
    previous: "/demo-timesheet",
    next: "/demo-new-te",
  },
  {
    path: "/demo-new-te",
    title: "New Time and Expense Entry Demo",
    summary: "Record a single time entry or an expense with its receipt.",
    videoId: videoIds["new-te"],
    poster: "poster-new-entry",
    posterAlt: "A new expense with its receipt, next to the time entry just saved",
    videoTitle: "Creating a time entry and an expense",
    details: [
      "Create a time entry: project, activity type, date (today by default), hours in decimals, billable flag and description.",
      "Create an expense: enter the receipt amount, or a quantity for per-unit expenses such as mileage.",
      "Choose the financial account, the expenditure type and the vendor.",
      "Attach the receipt as a photo or a file.",
      "Save; the entry appears on your weekly timesheet or expense report, ready to submit.",
    ],
    up: "/demo",
    previous: "/demo-timer",
    next: "",
  },
] as const satisfies readonly Demo[];

export function demoByPath(pathname: string): Demo {
  const demo = demos.find((d) => d.path === pagePath(pathname));
  if (!demo) throw new Error(`No demo page at ${pathname}`);
  return demo;
}

/** The project allocation demo (requirements §2 demo-project-allocation). */
export const projectAllocationDemo = {
  videoId: videoIds.allocation,
  poster: "poster-allocation",
  posterAlt: "Jordan Lee assigned 20 hours a week, within capacity",
  videoTitle: "Assigning people to projects and deliverables",
  description: "Assign people to projects and deliverables, and see at a glance who is booked and who is free.",
  steps: [
    "Open a project and add the people who will work on it.",
    "Assign each person to the deliverables they are responsible for.",
    "Compare planned allocation with the hours recorded on timesheets.",
    "Spot who is overbooked and who has room before the next engagement starts.",
  ],
} as const satisfies {
  videoId: string;
  videoTitle: string;
  poster: PosterName;
  posterAlt: string;
  description: string;
  steps: readonly string[];
};
