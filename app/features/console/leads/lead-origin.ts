/**
 * Where a lead came from, in words for the lead's detail (#44 point 5): "From newsletter by email,
 * campaign “autumn”, landing on /features/billing." rather than the raw first_* and visit_* fields.
 */
import type { LeadOrigin, LeadTouch } from "#common/console-api.ts";

/** One visit as a sentence; "Direct" (no source, no referrer) reads as a visit that came straight. */
export function touchSentence(touch: LeadTouch): string {
  const from = touch.source === "Direct" ? "Came straight to the site" : `From ${touch.source}`;
  const medium = touch.medium ? ` by ${touch.medium}` : "";
  const campaign = touch.campaign ? `, campaign “${touch.campaign}”` : "";
  return `${from}${medium}${campaign}, landing on ${touch.landingPath}.`;
}

/** The detail's rows: the first visit, and the visit that sent the form when it was another one. */
export function originRows({ first, visit }: LeadOrigin): { term: string; text: string }[] {
  if (!first && !visit)
    return [
      { term: "Visits", text: "None measured: Do Not Track, Global Privacy Control, or sent before measurement." },
    ];
  const same = first && visit && touchSentence(first) === touchSentence(visit);
  return [
    ...(first ? [{ term: same ? "First visit, and the form's" : "First visit", text: touchSentence(first) }] : []),
    ...(visit && !same ? [{ term: "Visit that sent the form", text: touchSentence(visit) }] : []),
  ];
}
