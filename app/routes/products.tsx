import { Link } from "react-router";
import { Markdown } from "#app/features/content/Markdown.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { ExternalLink } from "#app/shared/ExternalLink.tsx";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { renderSections } from "#app/features/content/content.server.ts";
import { softwareApplications } from "#app/features/seo/json-ld.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { plans } from "#app/features/catalog/pricing.ts";
import { site } from "#app/shared/site.ts";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    {
      title: "Products",
      url: "/products",
      description: `${site.productName} for Enterprise edition and ${site.proProductName} for Professional edition: prices, editions and what is included.`,
      keywords: "pricing, editions, time and expense app, professional services automation, per user pricing",
    },
    softwareApplications(site),
  );

/** products-home: a section per app (shown in its price card), then what is included and charged, then the rest. */
export function loader() {
  const { intro, sections } = renderSections("products-home", site);
  const planSections = plans(site).map((plan) => ({ ...plan, html: sections.find((s) => s.title === plan.name)?.html ?? "" }));
  const rest = sections.filter((s) => !planSections.some((plan) => plan.name === s.title));
  const isTerms = (title: string) => /includes|charged/i.test(title);
  return { intro, plans: planSections, terms: rest.filter((s) => isTerms(s.title)), more: rest.filter((s) => !isTerms(s.title)) };
}

// The comparison (the section with a table) is as wide as the price cards above it: a label
// column and one column per app, then what both apps include as a two-column list.
const comparisonClasses = [
  "prose mt-4 max-w-none",
  "[&_table]:my-0 [&_table]:table-fixed [&_table]:border-separate [&_table]:border-spacing-0 [&_table]:rounded-2xl [&_table]:border [&_table]:border-line [&_table]:bg-white [&_table]:shadow-sm [&_table]:text-sm sm:[&_table]:text-base",
  "[&_th]:bg-surface [&_th]:px-2.5 [&_th]:py-3 [&_th]:align-bottom sm:[&_th]:px-5 [&_th]:text-base [&_th]:text-ink sm:[&_th]:text-lg",
  "[&_th:first-child]:w-[26%] sm:[&_th:first-child]:w-[28%] [&_th:first-child]:text-sm [&_th:first-child]:font-semibold [&_th:first-child]:tracking-wide [&_th:first-child]:text-muted [&_th:first-child]:uppercase",
  "[&_th:first-child]:rounded-tl-2xl [&_th:last-child]:rounded-tr-2xl",
  "[&_td]:px-2.5 [&_td]:py-3 sm:[&_td]:px-5 [&_td]:break-words [&_td:first-child]:font-semibold [&_td:first-child]:text-ink",
  "[&_tr:last-child_td]:border-b-0",
  "[&_h3]:mt-8 [&_ul]:grid [&_ul]:gap-x-10 md:[&_ul]:grid-cols-2",
].join(" ");

export default function Products({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Products" title="Products and pricing">
        <p>Two apps, one way of working. Support and setup are included; you only pay for development work such as integrations.</p>
      </PageHeader>
      <div className="container-page py-12">
        <Markdown html={loaderData.intro} />

        <ul className="mt-10 grid gap-6 md:grid-cols-2" aria-label="Apps and prices">
          {loaderData.plans.map((plan, index) => (
            <li key={plan.name} className={`card flex flex-col ${index === 0 ? "border-brand-600 ring-1 ring-brand-600" : ""}`}>
              <p className="eyebrow">{plan.edition}</p>
              <h2 className="mt-2 text-2xl font-bold tracking-tight">{plan.name}</h2>
              <ul className="mt-5 space-y-3" aria-label={`Prices of ${plan.name}`}>
                {plan.prices.map((price, i) => (
                  <li key={price.unit} className="flex flex-wrap items-baseline gap-x-2">
                    {i > 0 && <span className="w-full text-sm font-semibold tracking-wide text-muted uppercase">or</span>}
                    <span className="text-4xl font-bold tracking-tight text-ink">
                      <span className="text-2xl align-top">USD </span>
                      {price.amount}
                    </span>
                    <span className="text-base text-muted">{price.unit}</span>
                  </li>
                ))}
              </ul>
              <Markdown html={plan.html} className="mt-5 flex-1 text-base text-muted [&_li]:ml-5 [&_li]:list-disc [&_p]:my-3 [&_ul]:my-3" />
              <div className="mt-6 flex flex-wrap gap-3">
                <ScheduleCall action="demo" variant={index === 0 ? "primary" : "secondary"} />
                <ExternalLink className="btn-secondary" href={site.marketplaceUrl}>
                  Marketplace listing
                </ExternalLink>
              </div>
            </li>
          ))}
        </ul>

        <div className="mt-12 grid gap-6 md:grid-cols-2">
          {loaderData.terms.map((section) => (
            <section key={section.id} id={section.id} className="card bg-surface" aria-labelledby={`${section.id}-h`}>
              <h2 id={`${section.id}-h`} className="text-xl font-semibold">
                {section.title}
              </h2>
              <Markdown html={section.html} className="prose mt-3 text-base" />
            </section>
          ))}
        </div>

        {loaderData.more.map((section) => (
          <section key={section.id} id={section.id} className="mt-12" aria-labelledby={`${section.id}-h`}>
            <h2 id={`${section.id}-h`} className="text-2xl font-bold tracking-tight">
              {section.title}
            </h2>
            <Markdown html={section.html} className={section.html.includes("<table") ? comparisonClasses : "prose mt-3 max-w-4xl"} />
          </section>
        ))}

        <div className="mt-12 flex flex-wrap gap-3">
          <ScheduleCall action="demo" />
          <Link className="btn-secondary" to="/contact">
            Contact sales
          </Link>
        </div>
      </div>
    </>
  );
}
