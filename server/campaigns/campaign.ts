/** A campaign draft as the console sends it, checked the same for every route that takes one. */
import { refusedAddressIn } from "./campaign-mail.ts";
import type { CampaignDraft } from "./store.ts";

export const campaignLimits = { subject: 200, body: 100_000, source: 100 } as const;

// As common/validation.ts's one-line fields: no control or line-breaking character (the subject is a header).
const oneLine = (text: string) => /^[^\p{Cc}\u2028\u2029]*$/u.test(text);

/** The draft, or what is wrong with it. */
export function campaignDraftOf(fields: Record<string, unknown>): CampaignDraft | string {
  const { subject, body, source } = fields;
  if (typeof subject !== "string" || !subject.trim()) return "Write a subject.";
  if (subject.length > campaignLimits.subject || !oneLine(subject))
    return `The subject must be one line of at most ${campaignLimits.subject} characters.`;
  if (typeof body !== "string" || !body.trim()) return "Write the text of the newsletter.";
  if (body.length > campaignLimits.body) return `The text must be at most ${campaignLimits.body} characters.`;
  const refused = refusedAddressIn(body);
  if (refused !== undefined)
    return (
      `The address ${JSON.stringify(refused.slice(0, 60))} is refused: javascript:, vbscript:, data: and file: ` +
      "addresses are not allowed in a newsletter. Link to a web address (https://…)."
    );
  if (source !== undefined && source !== null && typeof source !== "string") return "The source must be text.";
  const filter = typeof source === "string" ? source.trim() : "";
  if (filter.length > campaignLimits.source || !oneLine(filter))
    return `The source must be one line of at most ${campaignLimits.source} characters.`;
  return { subject: subject.trim(), body, source: filter || null };
}
