/** A campaign's state as a pill: draft, scheduled or sent. */
import type { CampaignItem } from "#common/console-api.ts";
import { Pill } from "#app/features/console/ui.tsx";

const looks = {
  draft: { tone: "neutral", label: "Draft" },
  scheduled: { tone: "warn", label: "Scheduled" },
  sent: { tone: "good", label: "Sent" },
} as const;

export function CampaignStatus({ status }: { status: CampaignItem["status"] }) {
  const { tone, label } = looks[status];
  return <Pill tone={tone}>{label}</Pill>;
}
