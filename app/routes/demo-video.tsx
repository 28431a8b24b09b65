import { StaticHtml } from "#app/features/static-html/StaticHtml.tsx";
import { staticMarkup } from "#app/features/static-html/render.server.tsx";
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

/**
 * All but the video and the step-by-step collapsible is static, the schedule-call button's click
 * reported by delegation: HTML made here, adopted as it is (app/features/static-html).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const urlPath = requestPath(request);
  const demo = demoByPath(urlPath);
  return {
    video: { videoId: demo.videoId, videoTitle: demo.videoTitle, poster: demo.poster },
    details: demo.details,
    header: staticMarkup(urlPath, <DemoHeader title={demo.title} summary={demo.summary} />),
    nav: staticMarkup(urlPath, <NavBar up={demo.up} previous={demo.previous} next={demo.next} />),
    asideHeading: staticMarkup(urlPath, <h2 className="mb-4 text-xl font-semibold">What the video shows</h2>),
    liveDemo: staticMarkup(urlPath, <LiveDemo />),
    // head/demo-<page>: its title, description, keywords and social image, editable in the console.
    head: pageHead(`head${demo.path}` as HeadKey, site, context),
  };
}

// The page as the browser runs it: static parts, with the video and the collapsible as islands. The
// spacing is on the parts' own elements (a static part's wrapper is display: contents, so a parent's
// space-y-* would not reach them).
export default function DemoVideo({ loaderData }: Route.ComponentProps) {
  const { video, details } = loaderData;
  return (
    <>
      <StaticHtml html={loaderData.header} />
      <div className="container-page py-12">
        <StaticHtml html={loaderData.nav} />
        <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,40rem)_1fr]">
          <Video videoId={video.videoId} videoTitle={video.videoTitle} poster={video.poster} priority />
          <div>
            <StaticHtml html={loaderData.asideHeading} />
            <Collapsible title="Step by step" level={3}>
              <ol className="list-decimal space-y-2 pl-6 text-base text-muted">
                {details.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </Collapsible>
            <StaticHtml html={loaderData.liveDemo} />
          </div>
        </div>
      </div>
    </>
  );
}

function DemoHeader({ title, summary }: { title: string; summary: string }) {
  return (
    <PageHeader eyebrow="Demo" title={title}>
      <p>{summary}</p>
    </PageHeader>
  );
}

function LiveDemo() {
  return (
    <section className="card mt-4 bg-surface" aria-labelledby="live-demo">
      <h2 id="live-demo" className="text-lg font-semibold">
        Prefer a live walkthrough?
      </h2>
      <p className="mt-1 text-base text-muted">We will show it with your own projects and approval rules.</p>
      <div className="mt-4">
        <ScheduleCall action="demo" />
      </div>
    </section>
  );
}
