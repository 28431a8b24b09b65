/**
 * The goals the usage report counts (issue 21), one name each for the browser, the server and
 * the report. Each is an analytics event: category "goal" with the goal as its action, except
 * the demo video's completion, which the video player already reports (category "video").
 */
export const goals = {
  "contact-sent": "Contact sent",
  "newsletter-requested": "Newsletter sign-up requested",
  "subscription-confirmed": "Subscription confirmed",
  "schedule-call": "Schedule-call click",
  "video-completed": "Demo video completed",
  "feature-list-pdf": "Feature list PDF opened",
} as const;

export type Goal = keyof typeof goals;
export const goalNames = Object.keys(goals) as Goal[];
export const goalCategory = "goal";

/** The goal an analytics event counts as, if any. */
export function goalOf(category: string | null, action: string | null): Goal | undefined {
  if (category === "video" && action === "complete") return "video-completed";
  return category === goalCategory && action !== null && action in goals && action !== "video-completed"
    ? (action as Goal)
    : undefined;
}
