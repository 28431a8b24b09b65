import { Link } from "react-router";
import { Markdown } from "#app/features/content/Markdown.tsx";
import { StaticHtml } from "#app/features/static-html/StaticHtml.tsx";
import { staticMarkup } from "#app/features/static-html/render.server.tsx";
import { SectionFigure } from "#app/features/catalog/ProductScreen.tsx";
import { segmentSteps } from "#app/features/catalog/solutions.ts";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { renderSections } from "#app/features/content/content.server.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { site } from "#app/shared/site.ts";
import { ProofSection } from "#app/features/proof/ProofSection.tsx";
import { hasProof } from "#app/features/proof/has-proof.ts";
import { proofOnPage } from "#app/features/proof/proof.server.ts";
import type { Route } from "./+types/solutions";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    ...headFields(loaderData?.head),
    url: "/solutions",
  });

/**
 * solutions-home: an intro, one section per kind of organization, and a closing call to action (the last
 * section). The whole page is static, the schedule-call button's click reported by delegation: HTML made
 * here, adopted as it is (app/features/static-html).
 */
export function loader({ context }: Route.LoaderArgs) {
  const { intro, sections } = renderSections("solutions-home", site, context);
  const page: SolutionsContent = {
    intro,
    // Each segment with its picture and next steps (app/features/catalog/solutions.ts).
    segments: sections.slice(0, -1).map((section, index) => ({ ...section, steps: segmentSteps(index) })),
    closing: sections.at(-1),
    proof: proofOnPage("/solutions", context),
  };
  return {
    body: staticMarkup("/solutions", <SolutionsPage page={page} />),
    head: pageHead("head/solutions", site, context),
  };
}

interface SolutionsContent {
  intro: string;
  segments: (ReturnType<typeof renderSections>["sections"][number] & { steps: ReturnType<typeof segmentSteps> })[];
  closing: ReturnType<typeof renderSections>["sections"][number] | undefined;
  proof: ReturnType<typeof proofOnPage>;
}

function SolutionsPage({ page }: { page: SolutionsContent }) {
  const { intro, segments, closing, proof } = page;
  return (
    <>
      <PageHeader eyebrow="Solutions" title="Built for teams that bill their time">
        <p>Consulting, field work, installation and support, and creative agencies.</p>
      </PageHeader>
      <div className="container-page py-12">
        <Markdown html={intro} />
        <nav aria-label="Solutions on this page" className="mt-6 flex flex-wrap gap-2">
          {segments.map((segment) => (
            <a
              key={segment.id}
              href={`#${segment.id}`}
              className="rounded-full border border-line bg-surface px-4 py-2 text-base font-medium text-brand-700 no-underline hover:border-brand-600"
            >
              {segment.title}
            </a>
          ))}
        </nav>
        {segments.map(({ id, title, html, steps }) => (
          <section
            key={id}
            id={id}
            aria-labelledby={`${id}-h`}
            className="mt-12 grid scroll-mt-24 items-start gap-x-12 gap-y-6 border-t border-line pt-10 lg:mt-14 lg:grid-cols-[minmax(0,1fr)_24rem]"
          >
            <div>
              <h2 id={`${id}-h`} className="text-2xl font-bold tracking-tight sm:text-3xl">
                {title}
              </h2>
              <Markdown html={html} className="prose mt-4 text-base" />
              {steps && (
                <p className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">
                  <Link className="btn-secondary" to={steps.feature.path}>
                    See {steps.feature.title}
                  </Link>
                  <Link
                    className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
                    to={steps.demo.path}
                  >
                    Watch the {steps.demo.title.replace(/ Demo$/, "")} demo <span aria-hidden="true">→</span>
                  </Link>
                </p>
              )}
            </div>
            {steps && <SectionFigure picture={steps.picture} />}
          </section>
        ))}
        {/* In the static HTML: the proof is in the page, its code in no chunk. */}
        {hasProof(proof) && (
          <ProofSection proof={proof} productName={site.productName} className="mt-14 border-t border-line pt-10" />
        )}
        {closing && (
          <section className="card mt-12 bg-brand-900 text-brand-50 md:p-10" aria-labelledby="closing-h">
            <h2 id="closing-h" className="text-2xl font-bold text-white">
              {closing.title}
            </h2>
            <Markdown
              html={closing.html}
              className="mt-3 max-w-3xl text-lg [&_a]:font-semibold [&_a]:text-white [&_a]:underline"
            />
            <div className="mt-6">
              <ScheduleCall type="solutions" variant="accent" />
            </div>
          </section>
        )}
      </div>
    </>
  );
}

export default function Solutions({ loaderData }: Route.ComponentProps) {
  return <StaticHtml html={loaderData.body} />;
}
