import { Link } from "react-router";
import { FeatureTabs } from "#app/features/catalog/FeatureTabs.tsx";
import { Markdown } from "#app/features/content/Markdown.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { renderContent } from "#app/features/content/content.server.ts";
import { featureByPath, features } from "#app/features/catalog/features.ts";
import { ProductScreen } from "#app/features/catalog/ProductScreen.tsx";
import { productScreenImage } from "#app/features/catalog/product-screens.ts";
import { breadcrumbList } from "#app/features/seo/json-ld.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { requestPath } from "#app/shared/request-path.ts";
import { site } from "#app/shared/site.ts";
import type { headPages } from "#common/content-schemas.ts";
import type { Route } from "./+types/feature";

type HeadKey = keyof typeof headPages;

// One module for the seven feature pages; app/features/catalog/features.ts says which is which.
export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  const feature = featureByPath(location.pathname);
  return pageMeta({ ...headFields(loaderData?.head), url: feature.path, section: "Features" }, [
    breadcrumbList(site, [
      { name: "Features", path: "/features" },
      { name: feature.title, path: feature.path },
    ]),
  ]);
};

export function loader({ request, context }: Route.LoaderArgs) {
  const feature = featureByPath(requestPath(request));
  const next = features[(features.indexOf(feature) + 1) % features.length];
  return {
    title: feature.title,
    summary: feature.summary,
    body: renderContent(feature.contentKey, site, context),
    screens: feature.screens.map(productScreenImage),
    next: { path: next.path, title: next.title },
    // head/features-<page>: its title, description, keywords and social image, editable in the console.
    head: pageHead(`head/features-${feature.path.slice("/features/".length)}` as HeadKey, site, context),
  };
}

// Wide screens: the text on the left, the page's screens on the right, each sticky over an
// equal share of the text, so the right column is never empty. Narrow: first screen, text, the rest.
const screenRow = ["lg:row-start-1", "lg:row-start-2"] as const;
const textRows = ["lg:row-span-1", "lg:row-span-2"] as const;
const gridRows = ["lg:grid-rows-1", "lg:grid-rows-2"] as const;
const screenSizes =
  "(min-width: 1280px) 480px, (min-width: 1024px) 384px, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)";

export default function FeaturePage({ loaderData }: Route.ComponentProps) {
  const { screens } = loaderData;
  const last = screens.length - 1;
  const screen = (index: number) => (
    <div key={screens[index].name} className={`lg:col-start-2 ${screenRow[index]}`}>
      <ProductScreen image={screens[index]} sizes={screenSizes} first={index === 0} className="lg:sticky lg:top-24" />
    </div>
  );
  return (
    <>
      <PageHeader eyebrow="Features" title={loaderData.title}>
        <p>{loaderData.summary}</p>
      </PageHeader>
      <FeatureTabs />
      <div className="container-page py-10 lg:py-12">
        <div
          className={`grid gap-y-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-x-12 xl:grid-cols-[minmax(0,1fr)_30rem] ${gridRows[last]}`}
        >
          {screen(0)}
          <Markdown html={loaderData.body} className={`prose lg:col-start-1 lg:row-start-1 ${textRows[last]}`} />
          {screens.slice(1).map((_, i) => screen(i + 1))}
        </div>
        <section
          aria-labelledby="feature-cta"
          className="card mt-16 flex flex-col gap-6 bg-surface md:flex-row md:items-center md:justify-between"
        >
          <div>
            <h2 id="feature-cta" className="text-xl font-semibold text-ink">
              See it with your own projects and people
            </h2>
            <p className="mt-1 text-base text-muted">
              A 30-minute walk-through, or the recorded demos whenever it suits you.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <ScheduleCall action="demo" />
            <Link className="btn-secondary" to="/demo">
              Watch the demos
            </Link>
          </div>
        </section>
        <p className="mt-8 text-right">
          <Link className="font-semibold text-brand-700 underline-offset-2 hover:underline" to={loaderData.next.path}>
            Next feature: {loaderData.next.title} <span aria-hidden="true">→</span>
          </Link>
        </p>
      </div>
    </>
  );
}
