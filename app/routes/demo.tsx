import { Link } from "react-router";
import { Frame } from "#app/shared/Frame.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { demos } from "#app/features/catalog/demos.ts";
import { breadcrumbList } from "#app/features/seo/json-ld.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { site } from "#app/shared/site.ts";
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
        <h2 className="sr-only">Recorded demos</h2>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <ul className="contents">
            {demoList.map((demo, index) => (
              <li key={demo.to}>
                <Link to={demo.to} className="card group flex h-full flex-col no-underline transition-shadow hover:shadow-md">
                  <span className="text-sm font-semibold text-accent-600">Demo {index + 1}</span>
                  <span className="mt-1 text-lg font-semibold text-brand-700 group-hover:underline">{demo.title}</span>
                  <span className="mt-2 block flex-1 text-base text-muted">{demo.summary}</span>
                  <span className="mt-4 text-base font-semibold text-brand-700" aria-hidden="true">
                    Watch →
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <section className="card flex flex-col bg-brand-900 text-brand-50" aria-labelledby="custom-demo">
            <h2 id="custom-demo" className="text-lg font-semibold text-white">
              Want to see your own process?
            </h2>
            <p className="mt-2 flex-1 text-base">Book a live demo and we will walk through your projects, approvals and payroll periods.</p>
            <div className="mt-4">
              <ScheduleCall title="Schedule a custom Demo" type="demo" variant="accent" />
            </div>
          </section>
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
