import { Link } from "react-router";
import { StaticHtml } from "#app/features/static-html/StaticHtml.tsx";
import { staticMarkup } from "#app/features/static-html/render.server.tsx";
import { FeatureTabs } from "#app/features/catalog/FeatureTabs.tsx";
import { Markdown } from "#app/features/content/Markdown.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { renderSections, structuredContent } from "#app/features/content/content.server.ts";
import { IntegrationList } from "#app/features/integrations/IntegrationList.tsx";
import { integrationPageAt, integrationsOn } from "#app/features/integrations/integrations.ts";
import { featureByPath, features } from "#app/features/catalog/features.ts";
import { ProductScreen, SectionFigure } from "#app/features/catalog/ProductScreen.tsx";
import { productScreenImage } from "#app/features/catalog/product-screens.ts";
import { sectionPictures } from "#app/features/catalog/claims.ts";
import { breadcrumbList } from "#app/features/seo/json-ld.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { requestPath } from "#app/shared/request-path.ts";
import { site } from "#app/shared/site.ts";
import type { headPages } from "#common/content-schemas.ts";
import { ProofSection } from "#app/features/proof/ProofSection.tsx";
import { hasProof } from "#app/features/proof/has-proof.ts";
import { proofOnPage } from "#app/features/proof/proof.server.ts";
import type { ProofPlace } from "#common/proof-places.ts";
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
  const urlPath = requestPath(request);
  const feature = featureByPath(urlPath);
  const next = features[(features.indexOf(feature) + 1) % features.length];
  const { intro, sections } = renderSections(feature.contentKey, site, context);
  const pictures = sectionPictures(feature.path);
  const integrationPage = integrationPageAt(feature.path);
  const page: FeatureContent = {
    title: feature.title,
    summary: feature.summary,
    intro,
    // Each claim (a "## " section) with its picture, in order (app/features/catalog/claims.ts).
    sections: sections.map((section, index) => ({ ...section, picture: pictures[index] ?? null })),
    screen: productScreenImage(feature.screens[0]),
    // Billing and Payroll name the systems the company named in the console; none named, no block.
    integrations: integrationPage
      ? integrationsOn(structuredContent("integrations", site, context), integrationPage)
      : null,
    next: { path: next.path, title: next.title },
    proof: proofOnPage(feature.path satisfies ProofPlace, context),
  };
  return {
    // Everything but the tabs is static: HTML made here, adopted as it is (app/features/static-html).
    header: staticMarkup(urlPath, <FeatureHeader page={page} />),
    body: staticMarkup(urlPath, <FeatureBody page={page} />),
    // head/features-<page>: its title, description, keywords and social image, editable in the console.
    head: pageHead(`head/features-${feature.path.slice("/features/".length)}` as HeadKey, site, context),
  };
}

interface FeatureContent {
  title: string;
  summary: string;
  intro: string;
  sections: (ReturnType<typeof renderSections>["sections"][number] & {
    picture: ReturnType<typeof sectionPictures>[number] | null;
  })[];
  screen: ReturnType<typeof productScreenImage>;
  integrations: ReturnType<typeof integrationsOn> | null;
  next: { path: string; title: string };
  proof: ReturnType<typeof proofOnPage>;
}

// The page's main screen across the page under the intro (its text about 12 px at 1440), then each claim
// with its picture: on wide screens beside it, sticky while it is read, in a column as wide as a claim
// drawing (360 units, text 16) at about its own size (SectionFigure); on narrow ones under it.
const mainScreenSizes =
  "(min-width: 1152px) 1088px, (min-width: 1024px) calc(100vw - 4rem), (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)";
const grid = "grid gap-y-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-x-12";

function FeatureHeader({ page }: { page: FeatureContent }) {
  return (
    <PageHeader eyebrow="Features" title={page.title}>
      <p>{page.summary}</p>
    </PageHeader>
  );
}

function FeatureBody({ page }: { page: FeatureContent }) {
  return (
    <div className="container-page py-10 lg:py-12">
      <Markdown html={page.intro} className="prose max-w-3xl" />
      <ProductScreen image={page.screen} sizes={mainScreenSizes} first className="mt-8" />
      {page.sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className={`mt-12 lg:mt-16 ${grid}`}>
          <div className="prose">
            <h2 id={section.id}>{section.title}</h2>
            <Markdown html={section.html} className="contents" />
          </div>
          {section.picture && (
            <div>
              <SectionFigure picture={section.picture} />
            </div>
          )}
        </section>
      ))}
      {page.integrations && <IntegrationList block={page.integrations} className="mt-12 lg:mt-16" />}
      {/* In the static HTML: the proof is in the page, its code in no chunk. */}
      {hasProof(page.proof) && (
        <ProofSection proof={page.proof} productName={site.productName} className="mt-16 border-t border-line pt-12" />
      )}
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
        <Link className="font-semibold text-brand-700 underline-offset-2 hover:underline" to={page.next.path}>
          Next feature: {page.next.title} <span aria-hidden="true">→</span>
        </Link>
      </p>
    </div>
  );
}

// The page as the browser runs it: two static parts and the tabs, the one part that answers input.
export default function FeaturePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaticHtml html={loaderData.header} />
      <FeatureTabs />
      <StaticHtml html={loaderData.body} />
    </>
  );
}
