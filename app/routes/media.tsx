import { PageHeader } from "#app/shared/PageHeader.tsx";
import { StaticHtml } from "#app/features/static-html/StaticHtml.tsx";
import { staticMarkup } from "#app/features/static-html/render.server.tsx";
import { features } from "#app/features/catalog/features.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { site } from "#app/shared/site.ts";
import type { Route } from "./+types/media";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ ...headFields(loaderData?.head), url: "/media" });

/**
 * head/media: the page's title, description, keywords and social image, editable in the console. The
 * page itself is static: HTML made here, adopted as it is (app/features/static-html).
 */
export function loader({ context }: Route.LoaderArgs) {
  return { body: staticMarkup("/media", <MediaPage />), head: pageHead("head/media", site, context) };
}

const featureListPath = `/media/${site.productSlug}_FeatureList.pdf`;

function MediaPage() {
  return (
    <>
      <PageHeader eyebrow="Media" title="Media">
        <p>Material to share with your team: everything {site.productName} does, in one document.</p>
      </PageHeader>
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[minmax(0,36rem)_1fr]">
        <a
          className="card flex h-fit items-center gap-4 no-underline transition-shadow hover:shadow-md"
          href={featureListPath}
          target="_blank"
          rel="noopener"
        >
          <svg
            viewBox="0 0 24 24"
            className="h-10 w-10 shrink-0 text-accent-600"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          >
            <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
            <path d="M14 3v5h5M9 13h6M9 17h6" />
          </svg>
          <span>
            <span className="block text-lg font-semibold text-brand-700">{site.productName} Feature List (PDF)</span>
            <span className="block text-sm text-muted">Opens in a new tab</span>
          </span>
        </a>
        <section aria-labelledby="inside-heading">
          <h2 id="inside-heading" className="text-xl font-semibold">
            What is inside
          </h2>
          <ul className="mt-3 grid gap-2 text-base text-muted sm:grid-cols-2">
            {features.map((feature) => (
              <li key={feature.path} className="flex gap-2">
                <span aria-hidden="true" className="text-brand-600">
                  ✓
                </span>
                {feature.title}
              </li>
            ))}
            <li className="flex gap-2">
              <span aria-hidden="true" className="text-brand-600">
                ✓
              </span>
              Prices, what is included and how to reach us
            </li>
          </ul>
        </section>
      </div>
    </>
  );
}

export default function Media({ loaderData }: Route.ComponentProps) {
  return <StaticHtml html={loaderData.body} />;
}
