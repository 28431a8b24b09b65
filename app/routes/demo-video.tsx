import { Collapsible } from "../components/Collapsible";
import { NavBar } from "../components/NavBar";
import { PageHeader } from "../components/PageHeader";
import { Video } from "../components/Video";
import { demoByPath } from "../lib/demos";
import { pageMeta, requestPath } from "../lib/page";
import type { Route } from "./+types/demo-video";

// One module for /demo-timesheet, /demo-timer and /demo-new-te; app/lib/demos.ts has their data.
export const meta: Route.MetaFunction = ({ location }) => {
  const demo = demoByPath(location.pathname);
  return pageMeta({
    title: demo.title,
    url: demo.path,
    description: demo.summary,
    keywords: "product demo, recorded demo, time tracking, timesheet",
    section: "Demo",
    type: "video.other",
  });
};

export function loader({ request }: Route.LoaderArgs) {
  return demoByPath(requestPath(request));
}

export default function DemoVideo({ loaderData: demo }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Demo" title={demo.title}>
        <p>{demo.summary}</p>
      </PageHeader>
      <div className="container-page space-y-8 py-12">
        <NavBar up={demo.up} previous={demo.previous} next={demo.next} />
        <Video videoId={demo.videoId} videoTitle={demo.videoTitle} />
        <Collapsible title="Step by step" level={2}>
          <ol className="list-decimal space-y-2 pl-6 text-base text-muted">
            {demo.details.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </Collapsible>
      </div>
    </>
  );
}
