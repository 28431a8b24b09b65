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
    posterAlt: "A weekly timesheet in decimal hours, one cell being typed",
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
    posterAlt: "The running timer, with Stop, Update and Complete",
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
  posterAlt: "A person assigned to a deliverable on the project's allocation grid",
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

/** The four sections of the Classic UI demos page, each with its expandable details (requirements §2). */
export const classicDemos = [
  {
    title: "Timesheet",
    caption: "A week of hours entered on the classic timesheet, saved with ten extra lines",
    summary: "Fill in a week of time on the classic timesheet.",
    videoId: videoIds["classic-timesheet"],
    poster: "poster-classic-timesheet",
    details: [
      "Weekly time entry in decimal hours, one line per project and activity.",
      "Project selection modes: each user sees all projects, their assigned projects, or projects of a chosen account.",
      "Activity types classify the work, for example design, development or travel.",
      "Custom fields on the time entry appear as extra columns.",
      "Save, and ten additional empty lines are added for more entries.",
    ],
  },
  {
    title: "Capture Time from Case",
    caption: "Time logged from a case, its note published to the case",
    summary: "Log time on a case without leaving it.",
    videoId: videoIds["classic-case"],
    poster: "poster-classic-case",
    details: [
      "A Capture Time button on the case opens time entry without leaving the case.",
      "Only the projects of the case's account are shown, so time lands on the right project.",
      "The description can optionally be published to the case as a comment.",
      "The case keeps a history of the time recorded against it.",
    ],
  },
  {
    title: "Enter Time on Mobile",
    caption: "Hours entered as 1:30, the timer run and a check-in, on a phone",
    summary: "Record hours, run the timer and check in from your phone.",
    videoId: videoIds["classic-mobile"],
    poster: "poster-classic-mobile",
    details: [
      "Log in with your platform credentials; no extra account is needed.",
      "Enter hours the way you think of them: 90 minutes, 1:30 or 1.5.",
      "Use the timer to track time while you work.",
      "Check in and check out at a customer site.",
      "View your timesheet for the week.",
    ],
  },
  {
    title: "Submit your Timesheet",
    caption: "The week's totals checked and the timesheet sent for approval",
    summary: "Check the week's total and send it for approval.",
    videoId: videoIds["classic-submit"],
    poster: "poster-classic-submit",
    details: [
      "The footer shows the total hours of the week and of each day.",
      "Per diems are added to the timesheet alongside hours.",
      "Submit for approval; approval can be manual or automatic.",
      "E-mail reminders go out for timesheets that have not been submitted.",
      "Several timesheets per week are possible, for example across a month end.",
    ],
  },
] as const satisfies readonly {
  title: string;
  /** What the video shows, as its caption and player title (the heading above it names the topic). */
  caption: string;
  summary: string;
  videoId: string;
  poster: PosterName;
  details: readonly string[];
}[];
