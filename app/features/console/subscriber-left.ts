/**
 * When and how a subscriber left, as the Subscribers list says it under the status (#44 point 4):
 * "Left 28 Nov 2026 by the link in a mail", "… by hand in the console", or the day alone where the
 * way was not recorded (those who left before it was); a hard bounce, which ends the campaigns to
 * an address that stays subscribed, as "Mail bounced 3 Dec 2026".
 */
import { dateOnly } from "./format.ts";

export interface Leaving {
  left: { at: string; by: "link" | "console" | null } | null;
  bouncedAt: string | null;
}

const how = { link: " by the link in a mail", console: " by hand in the console" } as const;

export function leftNote({ left, bouncedAt }: Leaving): string | undefined {
  if (left) return `Left ${dateOnly(left.at)}${left.by ? how[left.by] : ""}`;
  if (bouncedAt) return `Mail bounced ${dateOnly(bouncedAt)}`;
  return undefined;
}
