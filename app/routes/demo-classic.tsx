import { Collapsible } from "#app/shared/Collapsible.tsx";
import { NavBar } from "#app/features/catalog/NavBar.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { Video } from "#app/features/video/Video.tsx";
import { classicDemos } from "#app/features/catalog/classic-demos.ts";
import { breadcrumbList, videoObject } from "#app/features/seo/json-ld.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { site } from "#app/shared/site.ts";
import type { Route } from "./+types/demo-classic";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(
    {
      ...headFields(loaderData?.head),
      url: "/demo-classic",
      section: "Demo",
      type: "video.other",
    },
    [
      ...classicDemos.map((demo) =>
        videoObject(site, { videoId: demo.videoId, videoTitle: demo.caption, description: demo.details.join(" ") }),
      ),
      breadcrumbList(site, [
        { name: "Product Demos", path: "/demo" },
        { name: "Classic UI Demos", path: "/demo-classic" },
      ]),
    ],
  );

/** head/demo-classic: the page's title, description, keywords and social image, editable in the console. */
export function loader({ context }: Route.LoaderArgs) {
  return { head: pageHead("head/demo-classic", site, context) };
}

export default function DemoClassic() {
  return (
    <>
      <PageHeader eyebrow="Demo" title="Classic UI Demos">
        <p>
          The classic interface at work: weekly timesheets, time from cases, entry on mobile and submitting for
          approval.
        </p>
      </PageHeader>
      <div className="container-page space-y-12 py-12">
        <NavBar up="/demo" />
        <section
          className="card flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between"
          aria-labelledby="live-demo"
        >
          <h2 id="live-demo" className="text-xl font-semibold">
            Pick a good time for your live Demo
          </h2>
          <ScheduleCall type="demo_classic" />
        </section>
        {classicDemos.map((demo, index) => (
          <section
            key={demo.title}
            className="grid items-start gap-6 border-t border-line pt-10 lg:grid-cols-[minmax(0,36rem)_1fr] lg:gap-10"
            aria-labelledby={`classic-${index}`}
          >
            <div className="space-y-4 lg:order-last">
              <p className="eyebrow">
                Classic UI · {index + 1} of {classicDemos.length}
              </p>
              <h2 id={`classic-${index}`} className="text-2xl font-bold tracking-tight">
                {demo.title}
              </h2>
              <p className="text-lg text-muted">{demo.summary}</p>
              <Collapsible title={`${demo.title}: details`}>
                <ul className="list-disc space-y-2 pl-6 text-base text-muted">
                  {demo.details.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </Collapsible>
            </div>
            <Video videoId={demo.videoId} videoTitle={demo.caption} poster={demo.poster} />
          </section>
        ))}
      </div>
    </>
  );
}
