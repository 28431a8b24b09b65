import { Link } from "react-router";
import { Frame } from "../components/Frame";
import { PageHeader } from "../components/PageHeader";
import { ScheduleCall } from "../components/ScheduleCall";
import { demos } from "../lib/demos";
import { breadcrumbList } from "../lib/json-ld";
import { pageMeta } from "../lib/page";
import { site } from "../lib/site";
import type { Route } from "./+types/demo";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    {
      title: "Product Demos",
      url: "/demo",
      description: `Recorded demos of ${site.productName}: timesheets, the timer, time and expense entries, project allocation and the classic UI.`,
      keywords: "product demo, recorded demo, timesheet demo, timer demo, expense demo",
    },
    [breadcrumbList(site, [{ name: "Product Demos", path: "/demo" }])],
  );

const demoList = [
  ...demos.map((demo) => ({ to: demo.path, title: demo.title, summary: demo.summary })),
  { to: "/demo-project-allocation", title: "Project Allocation Demo", summary: "Assign people to projects and deliverables." },
  { to: "/demo-classic", title: "Classic UI Demos", summary: "Timesheet, time from cases, mobile entry and submitting in the classic interface." },
];

export default function Demo() {
  return (
    <>
      <PageHeader eyebrow="Demo" title="Product Demos">
        <p>Watch the product at work, at your own pace. Or book a live demo tailored to your team.</p>
      </PageHeader>
      <div className="container-page py-12">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {demoList.map((demo) => (
            <li key={demo.to}>
              <Link to={demo.to} className="card block h-full no-underline transition-shadow hover:shadow-md">
                <span className="text-lg font-semibold text-brand-700">{demo.title}</span>
                <span className="mt-2 block text-base text-muted">{demo.summary}</span>
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-10">
          <ScheduleCall title="Schedule a custom Demo" type="demo" />
        </div>
        <section className="mt-16" aria-labelledby="slides-heading">
          <h2 id="slides-heading" className="text-2xl font-bold tracking-tight">
            The product in slides
          </h2>
          <div className="mt-6">
            <Frame src={site.slidesUrl} title="Product presentation slides" minHeight={480} linkLabel="Open the presentation in a new tab" />
          </div>
        </section>
      </div>
    </>
  );
}
