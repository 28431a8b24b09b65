import { FeatureTabs } from "#app/features/catalog/FeatureTabs.tsx";
import { Markdown } from "#app/features/content/Markdown.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { renderContent } from "#app/features/content/content.server.ts";
import { featureByPath } from "#app/features/catalog/features.ts";
import { breadcrumbList } from "#app/features/seo/json-ld.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { requestPath } from "#app/shared/request-path.ts";
import { site } from "#app/shared/site.ts";
import type { Route } from "./+types/feature";

// One module for the seven feature pages; app/features/catalog/features.ts says which is which.
export const meta: Route.MetaFunction = ({ location }) => {
  const feature = featureByPath(location.pathname);
  return pageMeta(
    {
      title: feature.title,
      url: feature.path,
      description: `${feature.summary} ${feature.title} in ${site.productName}, native inside ${site.platformName}.`,
      keywords: feature.keywords,
      section: "Features",
    },
    [
      breadcrumbList(site, [
        { name: "Features", path: "/features" },
        { name: feature.title, path: feature.path },
      ]),
    ],
  );
};

export function loader({ request }: Route.LoaderArgs) {
  const feature = featureByPath(requestPath(request));
  return { title: feature.title, summary: feature.summary, body: renderContent(feature.contentKey, site) };
}

export default function FeaturePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Features" title={loaderData.title}>
        <p>{loaderData.summary}</p>
      </PageHeader>
      <FeatureTabs />
      <div className="container-page py-12">
        <Markdown html={loaderData.body} />
        <div className="mt-12 flex flex-wrap gap-3">
          <ScheduleCall title="Schedule Demo" type="demo" />
        </div>
      </div>
    </>
  );
}
