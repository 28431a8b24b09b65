import { StaticHtml } from "#app/features/static-html/StaticHtml.tsx";
import { staticMarkup } from "#app/features/static-html/render.server.tsx";
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
  // All but the videos and the collapsibles is static: HTML made here, adopted as it is (app/features/static-html).
  return {
    header: staticMarkup("/demo-classic", <ClassicHeader />),
    top: staticMarkup("/demo-classic", <ClassicTop />),
    intros: classicDemos.map((demo, index) =>
      staticMarkup("/demo-classic", <ClassicIntro demo={demo} index={index} />),
    ),
    head: pageHead("head/demo-classic", site, context),
  };
}

// The page as the browser runs it: static parts, with each demo's collapsible and video as islands. The
// spacing is on the parts' own elements (a static part's wrapper is display: contents, so a parent's
// space-y-* would not reach them).
export default function DemoClassic({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaticHtml html={loaderData.header} />
      <div className="container-page py-12">
        <StaticHtml html={loaderData.top} />
        {classicDemos.map((demo, index) => (
          <section
            key={demo.title}
            className="mt-12 grid items-start gap-6 border-t border-line pt-10 lg:grid-cols-[minmax(0,36rem)_1fr] lg:gap-10"
            aria-labelledby={`classic-${index}`}
          >
            <div className="lg:order-last">
              <StaticHtml html={loaderData.intros[index]} />
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

function ClassicHeader() {
  return (
    <PageHeader eyebrow="Demo" title="Classic UI Demos">
      <p>
        The classic interface at work: weekly timesheets, time from cases, entry on mobile and submitting for approval.
      </p>
    </PageHeader>
  );
}

function ClassicTop() {
  return (
    <>
      <NavBar up="/demo" />
      <section
        className="card mt-12 flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between"
        aria-labelledby="live-demo"
      >
        <h2 id="live-demo" className="text-xl font-semibold">
          Pick a good time for your live Demo
        </h2>
        <ScheduleCall type="demo_classic" />
      </section>
    </>
  );
}

function ClassicIntro({ demo, index }: { demo: (typeof classicDemos)[number]; index: number }) {
  return (
    <>
      <p className="eyebrow">
        Classic UI · {index + 1} of {classicDemos.length}
      </p>
      <h2 id={`classic-${index}`} className="mt-4 text-2xl font-bold tracking-tight">
        {demo.title}
      </h2>
      <p className="mt-4 mb-4 text-lg text-muted">{demo.summary}</p>
    </>
  );
}
