import { Link } from "react-router";
import { FeatureTabs } from "#app/features/catalog/FeatureTabs.tsx";
import { Markdown } from "#app/features/content/Markdown.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { renderContent } from "#app/features/content/content.server.ts";
import { features } from "#app/features/catalog/features.ts";
import { breadcrumbList } from "#app/features/seo/json-ld.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { site } from "#app/shared/site.ts";
import type { Route } from "./+types/features";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    {
      title: "Features",
      url: "/features",
      description: `Projects, resources, time and expense entries and reports, billing, time off and payroll integration — every feature of ${site.productName}.`,
      keywords: "features, time and expense, project management, resource management, billing, time off, payroll",
    },
    [breadcrumbList(site, [{ name: "Features", path: "/features" }])],
  );

export function loader() {
  return { body: renderContent("features-home", site) };
}

export default function Features({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Features" title={`What ${site.productName} does`}>
        <p>One app inside {site.platformName} for the whole cycle from project set-up to invoice and payroll.</p>
      </PageHeader>
      <FeatureTabs />
      <div className="container-page grid gap-12 py-12 lg:grid-cols-[1fr_20rem]">
        <Markdown html={loaderData.body} />
        <aside aria-label="All features">
          <ul className="space-y-3">
            {features.map((feature) => (
              <li key={feature.path}>
                <Link to={feature.path} className="card block p-4 no-underline transition-shadow hover:shadow-md">
                  <span className="font-semibold text-brand-700">{feature.title}</span>
                  <span className="mt-1 block text-sm text-muted">{feature.summary}</span>
                </Link>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </>
  );
}
