import { Link } from "react-router";
import { Markdown } from "#app/features/content/Markdown.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import {
  renderInlineText,
  renderMarkdownField,
  renderSections,
  structuredContent,
} from "#app/features/content/content.server.ts";
import { softwareApplications } from "#app/features/seo/software-application.ts";
import { faqPage } from "#app/features/seo/faq-page.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { plansOf, type Price } from "#app/features/catalog/pricing.ts";
import { comparison } from "#app/features/catalog/comparison.ts";
import { calculatorPrices } from "#app/features/catalog/cost-calculator.ts";
import { CostCalculator } from "#app/features/catalog/CostCalculator.tsx";
import { InstallLink, installPromise } from "#app/features/catalog/InstallLink.tsx";
import { MarketplaceRating } from "#app/features/catalog/MarketplaceRating.tsx";
import { IntegrationList } from "#app/features/integrations/IntegrationList.tsx";
import { integrationsOn } from "#app/features/integrations/integrations.ts";
import { site } from "#app/shared/site.ts";
import { ProofSection } from "#app/features/proof/ProofSection.tsx";
import { hasProof } from "#app/features/proof/has-proof.ts";
import { StaticHtml } from "#app/features/static-html/StaticHtml.tsx";
import { staticMarkup } from "#app/features/static-html/render.server.tsx";
import { proofOnPage } from "#app/features/proof/proof.server.ts";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(
    {
      ...headFields(loaderData?.head),
      url: "/products",
    },
    [...softwareApplications(site, loaderData?.plans ?? []), faqPage(loaderData?.questions ?? [])],
  );

/**
 * products-home: the intro, a section per app (shown in its price card), what is included and charged, the
 * choice; "pricing": the prices as fields; "faq/products": the questions, with answers in markdown; "integrations":
 * the systems named in the console.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { intro, sections } = renderSections("products-home", site, context);
  const section = (pattern: RegExp) => sections.find((s) => pattern.test(s.title))?.html ?? "";
  const plans = plansOf(structuredContent("pricing", site, context));
  const page = {
    intro,
    plans: plans.map((plan) => ({ ...plan, html: sections.find((s) => s.title === plan.name)?.html ?? "" })),
    included: section(/includes/i),
    // The included section's lead words (Setup, Support, The whole app), said again in each price card.
    includes: [...section(/includes/i).matchAll(/<strong>(.*?)<\/strong>/g)].map((m) => m[1].replace(/\.$/, "")),
    charged: section(/charged/i),
    choice: section(/right for you/i),
    questions: structuredContent("faq/products", site, context).map(({ question, answer }) => ({
      question: renderInlineText(question),
      answerHtml: renderMarkdownField(answer).trim(),
    })),
    comparison: comparison(site),
    // Every system the company named in the console; none named, no block.
    integrations: integrationsOn(structuredContent("integrations", site, context), "products"),
    proof: proofOnPage("/products", context),
  };
  // All but the cost calculator is static (the FAQ is plain <details>; the links' clicks are reported by
  // delegation): HTML made here, adopted as it is (app/features/static-html).
  return {
    plans: page.plans,
    questions: page.questions,
    header: staticMarkup("/products", <ProductsHeader page={page} />),
    planCards: staticMarkup("/products", <PlanCards page={page} />),
    rest: staticMarkup("/products", <ProductsRest page={page} />),
    calculator: calculatorPrices(plans),
    names: { enterprise: page.plans[0].name, professional: page.plans[1].name },
    head: pageHead("head/products", site, context),
  };
}

type ProductsContent = {
  intro: string;
  plans: (ReturnType<typeof plansOf>[number] & { html: string })[];
  included: string;
  includes: string[];
  charged: string;
  choice: string;
  questions: { question: string; answerHtml: string }[];
  comparison: ReturnType<typeof comparison>;
  integrations: ReturnType<typeof integrationsOn>;
  proof: ReturnType<typeof proofOnPage>;
};

function PriceLine({ price, size }: { price: Price; size: "main" | "alternative" }) {
  return size === "main" ? (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className="text-4xl font-semibold text-ink">
        <span className="align-top text-xl">USD </span>
        {price.amount}
      </span>{" "}
      <span className="text-base text-muted">{price.unit}</span>
    </p>
  ) : (
    <p className="text-base text-muted">
      or <span className="font-semibold text-ink">USD {price.amount}</span> {price.unit}
    </p>
  );
}

// The page as the browser runs it: static parts, with the cost calculator as the one island.
export default function Products({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaticHtml html={loaderData.header} />
      {/* #pricing: the footer's Pricing link lands on the price cards, clear of the sticky header. */}
      <div id="pricing" className="container-page scroll-mt-16 pt-8 pb-12">
        <StaticHtml html={loaderData.planCards} />
        {loaderData.calculator && (
          <div className="mt-4">
            <CostCalculator prices={loaderData.calculator} names={loaderData.names} />
          </div>
        )}
        <StaticHtml html={loaderData.rest} />
      </div>
    </>
  );
}

function ProductsHeader({ page }: { page: ProductsContent }) {
  return (
    <PageHeader eyebrow="Products" title="Products and pricing" compact>
      <Markdown html={page.intro} className="[&_p]:m-0" />
      <p className="mt-3 text-base">
        Start on your own: <InstallLink look="link" where="products header" />. {installPromise}
      </p>
      <MarketplaceRating site={site} className="mt-3" />
    </PageHeader>
  );
}

function PlanCards({ page }: { page: ProductsContent }) {
  const { plans: planCards } = page;
  return (
    <ul className="grid gap-6 md:grid-cols-2" aria-label="Apps and prices">
      {planCards.map((plan, index) => (
        <li
          key={plan.name}
          className={`card flex flex-col max-sm:p-5 ${index === 0 ? "border-brand-600 ring-1 ring-brand-600" : ""}`}
        >
          <p className="eyebrow">{plan.edition}</p>
          <h2 className="mt-2 text-2xl font-semibold">{plan.name}</h2>
          <div className="mt-4 space-y-1" aria-label={`Price of ${plan.name}`} role="group">
            <PriceLine price={plan.price} size="main" />
            <p className="text-base text-ink">{plan.covers}</p>
            {plan.alternative && <PriceLine price={plan.alternative} size="alternative" />}
            {page.includes.length > 0 && (
              <p className="text-base text-muted">
                Includes{" "}
                {page.includes
                  .map((item) => item.toLowerCase())
                  .join(", ")
                  .replace(/, ([^,]*)$/, " and $1")}
                .
              </p>
            )}
          </div>
          <Markdown
            html={plan.html}
            className="mt-4 flex-1 border-t border-line pt-4 text-base text-muted [&_p]:my-0"
          />
          <div className="mt-5 flex flex-wrap gap-3">
            <ScheduleCall action="demo" variant={index === 0 ? "primary" : "secondary"} />
            <InstallLink where={`products ${plan.edition}`} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function ProductsRest({ page }: { page: ProductsContent }) {
  const { plans: planCards, comparison: rows, questions } = page;
  const [enterprise, professional] = planCards;
  return (
    <>
      <div className="mt-12 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <section className="card bg-surface" aria-labelledby="included-h">
          <h2 id="included-h" className="text-xl font-semibold">
            Every plan includes
          </h2>
          <Markdown
            html={page.included}
            className="prose mt-3 max-w-none text-base [&_ul]:list-none [&_ul]:space-y-3 [&_ul]:pl-0"
          />
        </section>
        <section className="card bg-surface" aria-labelledby="charged-h">
          <h2 id="charged-h" className="text-xl font-semibold">
            What is charged
          </h2>
          <Markdown html={page.charged} className="prose mt-3 text-base" />
        </section>
      </div>
      {page.integrations && <IntegrationList block={page.integrations} className="mt-6" />}

      <section className="mt-16" aria-labelledby="compare-h">
        <h2 id="compare-h" className="text-2xl font-semibold">
          Compare the apps
        </h2>
        <table className="compare mt-6">
          <thead>
            <tr>
              <th scope="col">What differs</th>
              <th scope="col">{enterprise.name}</th>
              <th scope="col">{professional.name}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.topic}>
                <th scope="row">{row.topic}</th>
                <td>
                  <span className="compare-label">{enterprise.name}</span>
                  {row.enterprise}
                </td>
                <td>
                  <span className="compare-label">{professional.name}</span>
                  {row.professional}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <div className="mt-16 grid items-start gap-10 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="faq-h">
          <h2 id="faq-h" className="text-2xl font-semibold">
            Questions buyers ask
          </h2>
          <div className="mt-4 divide-y divide-line border-y border-line">
            {questions.map(({ question, answerHtml }) => (
              <details key={question} className="faq group">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 [&::-webkit-details-marker]:hidden">
                  <h3 className="text-lg font-semibold text-ink">{question}</h3>
                  <svg
                    viewBox="0 0 20 20"
                    className="h-5 w-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180"
                    aria-hidden="true"
                  >
                    <path
                      d="M5 8l5 5 5-5"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                </summary>
                <Markdown html={answerHtml} className="prose pb-5 text-base [&_p]:my-0" />
              </details>
            ))}
          </div>
        </section>
        <section className="card bg-surface" aria-labelledby="choice-h">
          <h2 id="choice-h" className="text-xl font-semibold">
            Which app is right for you?
          </h2>
          <Markdown html={page.choice} className="prose mt-3 text-base" />
        </section>
      </div>

      {/* In the static HTML: the proof is in the page, its code in no chunk. */}
      {hasProof(page.proof) && (
        <ProofSection proof={page.proof} productName={site.productName} className="mt-16 border-t border-line pt-12" />
      )}

      <section
        className="mt-16 flex flex-col items-start gap-4 rounded-2xl bg-brand-900 p-8 text-brand-50 sm:flex-row sm:items-center sm:justify-between"
        aria-labelledby="next-h"
      >
        <div>
          <h2 id="next-h" className="text-2xl font-semibold text-white">
            See it with your own projects
          </h2>
          <p className="mt-1 text-base">A live demo, or the recorded ones at your own pace.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <ScheduleCall action="demo" />
          <Link className="btn border border-white/60 text-white hover:bg-white/10" to="/demo">
            View recorded Demos
          </Link>
        </div>
      </section>
    </>
  );
}
