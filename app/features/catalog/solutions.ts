/**
 * The segments of /solutions (issue #43 point 5), in the order of solutions-home's "## " sections: the claim
 * drawing that shows the segment's day, the feature page that goes deeper and the recorded demo of its way of
 * working. A segment an editor adds past the end of the list shows its words alone; the page still reads.
 */
import type { ClaimName } from "#art/artworks.ts";
import { claimPictureOf, type SectionPicture } from "./claims.ts";
import { features } from "./features.ts";

interface Segment {
  claim: ClaimName;
  feature: (typeof features)[number]["path"];
  demo: { path: string; title: string };
}

export const segments: readonly Segment[] = [
  // Consulting: hours and money per deliverable, from weekly timesheets.
  {
    claim: "claim-project-actuals",
    feature: "/features/project",
    demo: { path: "/demo-timesheet", title: "Weekly Timesheet Demo" },
  },
  // Field work: time entered on the move.
  {
    claim: "claim-items-ways",
    feature: "/features/time-expense-items",
    demo: { path: "/demo-timer", title: "Timer Demo" },
  },
  // Installation and support: time captured from the case.
  {
    claim: "claim-project-case",
    feature: "/features/time-expense-reports",
    demo: { path: "/demo-classic#classic-1", title: "Capture Time from Case" },
  },
  // Creative agencies: designers, writers and producers assigned to deliverables.
  {
    claim: "claim-resource-assign",
    feature: "/features/resource",
    demo: { path: "/demo-project-allocation", title: "Project Allocation Demo" },
  },
];

export interface SegmentSteps {
  picture: SectionPicture;
  feature: { path: string; title: string };
  demo: { path: string; title: string };
}

/** The picture and next steps of the segment at `index`, as loader data; null past the end of the list. */
export function segmentSteps(index: number): SegmentSteps | null {
  const segment = segments[index];
  if (!segment) return null;
  const feature = features.find((entry) => entry.path === segment.feature)!;
  return {
    picture: claimPictureOf(segment.claim),
    feature: { path: feature.path, title: feature.title },
    demo: segment.demo,
  };
}
