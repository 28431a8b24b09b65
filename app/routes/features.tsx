import { Link } from "react-router";
import { FeatureTabs } from "#app/features/catalog/FeatureTabs.tsx";
import { Markdown } from "#app/features/content/Markdown.tsx";
import { StaticHtml } from "#app/features/static-html/StaticHtml.tsx";
import { staticMarkup } from "#app/features/static-html/render.server.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { renderSections } from "#app/features/content/content.server.ts";
import { features } from "#app/features/catalog/features.ts";
import { ProductScreen } from "#app/features/catalog/ProductScreen.tsx";
import { productScreenImage, type ProductScreenImage } from "#app/features/catalog/product-screens.ts";
import { breadcrumbList } from "#app/features/seo/json-ld.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { site } from "#app/shared/site.ts";
import type { Route } from "./+types/features";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(
    {
      ...headFields(loaderData?.head),
      url: "/features",
    },
    [breadcrumbList(site, [{ name: "Features", path: "/features" }])],
  );

const cardImage = (image: ProductScreenImage): ProductScreenImage => ({ ...image, ...image.detail });

/** features-home: its intro above a card per feature, its sections (the areas in more depth) below. */
export function loader({ context }: Route.LoaderArgs) {
  const { intro, sections } = renderSections("features-home", site, context);
  const cards = features.map((feature) => ({
    path: feature.path,
    title: feature.title,
    summary: feature.summary,
    // The card is small at every width: its screen's detail (art/details.ts), drawn to be read that small.
    screen: cardImage(productScreenImage(feature.screens[0])),
  }));
  const page: FeaturesContent = { intro, cards, sections };
  return {
    // Everything but the tabs is static: HTML made here, adopted as it is (app/features/static-html).
    header: staticMarkup("/features", <FeaturesHeader />),
    body: staticMarkup("/features", <FeaturesBody page={page} />),
    head: pageHead("head/features", site, context),
  };
}

interface FeaturesContent {
  intro: string;
  cards: { path: string; title: string; summary: string; screen: ProductScreenImage }[];
  sections: ReturnType<typeof renderSections>["sections"];
}

// Three columns from 1024 px (the 72rem container: 346 px a card), two from 640 px.
const thumbnailSizes =
  "(min-width: 1280px) 346px, (min-width: 1024px) calc((100vw - 7rem) / 3), (min-width: 640px) calc((100vw - 4.5rem) / 2), calc(100vw - 2rem)";
// The first row is in view at 1440 × 900; the rest load as they come near.
const firstRow = 3;

function FeaturesHeader() {
  return (
    <PageHeader eyebrow="Features" title={`What ${site.productName} does`}>
      <p>One app inside {site.platformName} for the whole cycle from project set-up to invoice and payroll.</p>
    </PageHeader>
  );
}

function FeaturesBody({ page }: { page: FeaturesContent }) {
  return (
    <div className="container-page py-10 lg:py-12">
      <Markdown html={page.intro} />
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="All features">
        {page.cards.map((card, index) => (
          <li key={card.path}>
            <Link
              to={card.path}
              className="card group flex h-full flex-col p-0 no-underline transition-shadow hover:shadow-md"
            >
              <ProductScreen
                image={card.screen}
                sizes={thumbnailSizes}
                first={index === 0}
                eager={index < firstRow}
                caption={false}
                className="rounded-b-none ring-0"
              />
              <span className="flex flex-1 flex-col p-5">
                <span className="text-lg font-semibold text-brand-700 group-hover:underline">{card.title}</span>
                <span className="mt-1 block text-base text-muted">{card.summary}</span>
              </span>
            </Link>
          </li>
        ))}
        <li className="sm:col-span-2 lg:col-span-2">
          <div className="card flex h-full flex-col justify-center gap-4 bg-brand-800 p-8 text-white">
            <h2 className="text-2xl font-bold tracking-tight">See it working</h2>
            <p className="max-w-xl text-lg text-brand-50">
              Watch the recorded demos, or book a walk-through with your own projects, people and billing rules.
            </p>
            <div className="flex flex-wrap gap-3">
              <ScheduleCall action="demo" variant="secondary" />
              <Link className="btn border border-white/70 text-white hover:bg-white/10" to="/demo">
                Watch the demos
              </Link>
            </div>
          </div>
        </li>
      </ul>
      {/* The areas are the cards above; what follows says what holds them together (one section or more). */}
      <div className={`mt-16 grid gap-6 ${page.sections.length > 1 ? "lg:grid-cols-2" : ""}`}>
        {page.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-h`} className="card">
            <h2 id={`${section.id}-h`} className="text-2xl font-bold tracking-tight text-ink">
              {section.title}
            </h2>
            <Markdown
              html={section.html}
              className={`prose mt-2 max-w-none [&_h3]:mt-6 ${page.sections.length === 1 ? "md:[&_ul]:grid md:[&_ul]:grid-cols-2 md:[&_ul]:gap-x-10" : ""}`}
            />
          </section>
        ))}
      </div>
    </div>
  );
}

// The page as the browser runs it: two static parts and the tabs, the one part that answers input.
export default function Features({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaticHtml html={loaderData.header} />
      <FeatureTabs />
      <StaticHtml html={loaderData.body} />
    </>
  );
}
