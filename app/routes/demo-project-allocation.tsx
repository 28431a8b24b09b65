import { NavBar } from "../components/NavBar";
import { PageHeader } from "../components/PageHeader";
import { Video } from "../components/Video";
import { projectAllocationDemo } from "../lib/demos";
import { pageMeta } from "../lib/page";
import type { Route } from "./+types/demo-project-allocation";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Project Allocation Demo",
    url: "/demo-project-allocation",
    description: "Watch how to assign people to projects and deliverables and see who is booked when.",
    keywords: "project allocation, resource assignment, staffing demo",
    section: "Demo",
    type: "video.other",
  });

export default function DemoProjectAllocation() {
  return (
    <>
      <PageHeader eyebrow="Demo" title="Project Allocation Demo">
        <p>Assign people to projects and deliverables, and see at a glance who is booked and who is free.</p>
      </PageHeader>
      <div className="container-page space-y-8 py-12">
        <NavBar up="/demo" />
        <Video {...projectAllocationDemo} />
      </div>
    </>
  );
}
