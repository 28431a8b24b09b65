import { Collapsible } from "#app/shared/Collapsible.tsx";
import { NavBar } from "#app/features/catalog/NavBar.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { Video } from "#app/features/video/Video.tsx";
import { demoByPath } from "#app/features/catalog/demos.ts";
import { breadcrumbList, videoObject } from "#app/features/seo/json-ld.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { requestPath } from "#app/shared/request-path.ts";
import { site } from "#app/shared/site.ts";
import type { headPages } from "#common/content-schemas.ts";
import type { Route } from "./+types/demo-video";

type HeadKey = keyof typeof headPages;

// One module for /demo-timesheet, /demo-timer and /demo-new-te; app/features/catalog/demos.ts has their data.
export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  const demo = demoByPath(location.pathname);
  return pageMeta(
    {
      ...headFields(loaderData?.head),
      url: demo.path,
      section: "Demo",
      type: "video.other",
    },
    [
      videoObject(site, { videoId: demo.videoId, videoTitle: demo.videoTitle, description: demo.summary }),
      breadcrumbList(site, [
        { name: "Product Demos", path: "/demo" },
        { name: demo.title, path: demo.path },
      ]),
    ],
  );
};

export function loader({ request, context }: Route.LoaderArgs) {
  const demo = demoByPath(requestPath(request));
  // head/demo-<page>: its title, description, keywords and social image, editable in the console.
  return { ...demo, head: pageHead(`head${demo.path}` as HeadKey, site, context) };
}

export default function DemoVideo({ loaderData: demo }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Demo" title={demo.title}>
        <p>{demo.summary}</p>
      </PageHeader>
      <div className="container-page space-y-8 py-12">
        <NavBar up={demo.up} previous={demo.previous} next={demo.next} />
        <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,40rem)_1fr]">
          <Video videoId={demo.videoId} videoTitle={demo.videoTitle} poster={demo.poster} priority />
          <div className="space-y-4">
            <h2 className="text-xl font-semibold">What the video shows</h2>
            <Collapsible title="Step by step" level={3}>
              <ol className="list-decimal space-y-2 pl-6 text-base text-muted">
                {demo.details.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </Collapsible>
            <section className="card bg-surface" aria-labelledby="live-demo">
              <h2 id="live-demo" className="text-lg font-semibold">
                Prefer a live walkthrough?
              </h2>
              <p className="mt-1 text-base text-muted">We will show it with your own projects and approval rules.</p>
              <div className="mt-4">
                <ScheduleCall action="demo" />
              </div>
            </section>
          </div>
        </div>
      </div>
    </>
  );
}
