import type { PosterName } from "#app/shared/artwork.ts";
import { videoIds } from "#app/shared/video-ids.ts";

// Apart from demos.ts, so the Classic UI page does not load the recorded demos' details.

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
