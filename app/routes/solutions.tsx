import { Markdown } from "../components/Markdown";
import { PageHeader } from "../components/PageHeader";
import { ScheduleCall } from "../components/ScheduleCall";
import { renderContent } from "../lib/content.server";
import { pageMeta } from "../lib/page";
import { site } from "../lib/site";
import type { Route } from "./+types/solutions";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Solutions",
    url: "/solutions",
    description: `How consulting firms, field work teams, installation and support teams and creative agencies use ${site.productName}.`,
    keywords: "consulting time tracking, field service time, installation and support, creative agency timesheets",
  });

export function loader() {
  return { body: renderContent("solutions-home", site) };
}

export default function Solutions({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Solutions" title="Built for teams that bill their time">
        <p>Consulting, field work, installation and support, and creative agencies.</p>
      </PageHeader>
      <div className="container-page py-12">
        <Markdown html={loaderData.body} />
        <div className="mt-10">
          <ScheduleCall type="solutions" />
        </div>
      </div>
    </>
  );
}
