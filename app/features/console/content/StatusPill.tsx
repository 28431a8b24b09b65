/** Where a content key stands, as a pill: the list, the editor's header and the history use it. */
import type { ContentStatus } from "#common/console-api.ts";
import { Pill } from "#app/features/console/ui.tsx";

const statusLabel: Record<ContentStatus, { text: string; tone: "neutral" | "good" | "warn" | "brand" }> = {
  file: { text: "As built", tone: "neutral" },
  published: { text: "Published", tone: "good" },
  draft: { text: "Draft", tone: "warn" },
  scheduled: { text: "Scheduled", tone: "brand" },
};

export function StatusPill({ status }: { status: ContentStatus }) {
  return <Pill tone={statusLabel[status].tone}>{statusLabel[status].text}</Pill>;
}

