import { StaticHtml } from "#app/features/static-html/StaticHtml.tsx";
import { staticMarkup } from "#app/features/static-html/render.server.tsx";
import { NavBar } from "#app/features/catalog/NavBar.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { Video } from "#app/features/video/Video.tsx";
import { projectAllocationDemo } from "#app/features/catalog/demos.ts";
import { breadcrumbList, videoObject } from "#app/features/seo/json-ld.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { site } from "#app/shared/site.ts";
import type { Route } from "./+types/demo-project-allocation";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(
    {
      ...headFields(loaderData?.head),
      url: "/demo-project-allocation",
      section: "Demo",
      type: "video.other",
    },
    [
      videoObject(site, projectAllocationDemo),
      breadcrumbList(site, [
        { name: "Product Demos", path: "/demo" },
        { name: "Project Allocation Demo", path: "/demo-project-allocation" },
      ]),
    ],
  );

/** head/demo-project-allocation: the page's title, description, keywords and social image, editable in the console. */
export function loader({ context }: Route.LoaderArgs) {
  // All but the video is static: HTML made here, adopted as it is (app/features/static-html).
  return {
    header: staticMarkup("/demo-project-allocation", <AllocationHeader />),
    nav: staticMarkup("/demo-project-allocation", <NavBar up="/demo" />),
    steps: staticMarkup("/demo-project-allocation", <AllocationSteps />),
    head: pageHead("head/demo-project-allocation", site, context),
  };
}

// The page as the browser runs it: static parts and the video, the one island. The spacing is on the
// grid (a static part's wrapper is display: contents, so a parent's space-y-* would not reach it).
export default function DemoProjectAllocation({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaticHtml html={loaderData.header} />
      <div className="container-page py-12">
        <StaticHtml html={loaderData.nav} />
        <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,40rem)_1fr]">
          <Video
            videoId={projectAllocationDemo.videoId}
            videoTitle={projectAllocationDemo.videoTitle}
            poster={projectAllocationDemo.poster}
            priority
          />
          <StaticHtml html={loaderData.steps} />
        </div>
      </div>
    </>
  );
}

function AllocationHeader() {
  return (
    <PageHeader eyebrow="Demo" title="Project Allocation Demo">
      <p>{projectAllocationDemo.description}</p>
    </PageHeader>
  );
}

function AllocationSteps() {
  return (
    <section className="card" aria-labelledby="allocation-steps">
      <h2 id="allocation-steps" className="text-xl font-semibold">
        In this demo
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-base text-muted">
        {projectAllocationDemo.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
      <div className="mt-5">
        <ScheduleCall action="demo" />
      </div>
    </section>
  );
}
