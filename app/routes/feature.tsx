import { FeatureTabs } from "../components/FeatureTabs";
import { Markdown } from "../components/Markdown";
import { PageHeader } from "../components/PageHeader";
import { ScheduleCall } from "../components/ScheduleCall";
import { renderContent } from "../lib/content.server";
import { featureByPath } from "../lib/features";
import { breadcrumbList } from "../lib/json-ld";
import { pageMeta, requestPath } from "../lib/page";
import { site } from "../lib/site";
import type { Route } from "./+types/feature";

// One module for the seven feature pages; app/lib/features.ts says which is which.
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
