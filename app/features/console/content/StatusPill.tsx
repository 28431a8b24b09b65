/** Where a content key stands, as a pill: the list, the editor's header and the history use it. */
import type { ContentStatus } from "#common/console-api.ts";
import { Pill } from "#app/features/console/ui.tsx";

const statusLabel: Record<ContentStatus, { text: string; tone: "neutral" | "good" | "warn" | "brand" }> = {
  file: { text: "Original", tone: "neutral" },
  published: { text: "Published", tone: "good" },
  draft: { text: "Draft", tone: "warn" },
  scheduled: { text: "Scheduled", tone: "brand" },
};

/** `post`: a post has no original text, so never saved is "New" rather than "Original". */
export function StatusPill({ status, post }: { status: ContentStatus; post?: boolean }) {
  return <Pill tone={statusLabel[status].tone}>{post && status === "file" ? "New" : statusLabel[status].text}</Pill>;
}
