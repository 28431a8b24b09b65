import { Link } from "react-router";
import { Frame } from "#app/shared/Frame.tsx";
import { SlidesPlaceholder } from "#app/shared/SlidesPlaceholder.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { StaticHtml } from "#app/features/static-html/StaticHtml.tsx";
import { staticMarkup } from "#app/features/static-html/render.server.tsx";
import { Picture } from "#app/shared/Picture.tsx";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { demos, projectAllocationDemo } from "#app/features/catalog/demos.ts";
import { classicDemos } from "#app/features/catalog/classic-demos.ts";
import { breadcrumbList } from "#app/features/seo/json-ld.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { posterThumbnail } from "#app/shared/artwork.ts";
import { site } from "#app/shared/site.ts";
import type { Route } from "./+types/demo";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ ...headFields(loaderData?.head), url: "/demo" }, [
    breadcrumbList(site, [{ name: "Product Demos", path: "/demo" }]),
  ]);

// Each card shows the poster of its page's (first) video, in its phone composition (legible at a card's size).
const demoList = [
  ...demos.map((demo) => ({
    to: demo.path,
    title: demo.title,
    summary: demo.summary,
    poster: demo.poster,
    alt: demo.posterAlt,
  })),
  {
    to: "/demo-project-allocation",
    title: "Project Allocation Demo",
    summary: "Assign people to projects and deliverables.",
    poster: projectAllocationDemo.poster,
    alt: projectAllocationDemo.posterAlt,
  },
  {
    to: "/demo-classic",
    title: "Classic UI Demos",
    summary: "Timesheet, time from cases, mobile entry and submitting in the classic interface.",
    poster: classicDemos[0].poster,
    alt: "The classic timesheet: Training chosen as the activity of a line",
  },
];
/** One column below 640 px, two to 1024 px, then three in the 80rem content column. */
const cardImageSizes = "(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 100vw";

/** What the presentation walks through, named on its cover until it is opened. */
const slideTopics = ["Time and expenses", "Projects and resources", "Billing", "Time off", "Payroll"];

/**
 * head/demo: the page's title, description, keywords and social image, editable in the console.
 * All but the slides frame is static, the schedule-call button's click reported by delegation: HTML
 * made here, adopted as it is (app/features/static-html).
 */
export function loader({ context }: Route.LoaderArgs) {
  return {
    header: staticMarkup("/demo", <DemoHeader />),
    cards: staticMarkup("/demo", <DemoCards />),
    slidesHeading: staticMarkup("/demo", <SlidesHeading />),
    head: pageHead("head/demo", site, context),
  };
}

// The page as the browser runs it: static parts, with the slides frame as the one island.
export default function Demo({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaticHtml html={loaderData.header} />
      <div className="container-page py-12">
        <StaticHtml html={loaderData.cards} />
        <section className="mt-16" aria-labelledby="slides-heading">
          <StaticHtml html={loaderData.slidesHeading} />
          <div className="mt-6">
            <Frame
              src={site.slidesUrl}
              title="Product presentation slides"
              minHeight={480}
              linkLabel="Open the presentation in a new tab"
              loadingText="Loading the slides…"
              unavailableText="The presentation could not load here."
              placeholder={(actions) => (
                <SlidesPlaceholder productName={site.productName} topics={slideTopics} actions={actions} />
              )}
            />
          </div>
        </section>
      </div>
    </>
  );
}

function DemoHeader() {
  return (
    <PageHeader eyebrow="Demo" title="Product Demos">
      <p>Watch the product at work, at your own pace. Or book a live demo tailored to your team.</p>
    </PageHeader>
  );
}

function DemoCards() {
  return (
    <>
      <h2 className="sr-only">Recorded demos</h2>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        <ul className="contents">
          {demoList.map((demo, index) => (
            <li key={demo.to}>
              <DemoCard {...demo} number={index + 1} />
            </li>
          ))}
        </ul>
        <section className="card flex flex-col bg-brand-900 text-brand-50" aria-labelledby="custom-demo">
          <h2 id="custom-demo" className="text-lg font-semibold text-white">
            Want to see your own process?
          </h2>
          <p className="mt-2 flex-1 text-base">
            Book a live demo and we will walk through your projects, approvals and payroll periods.
          </p>
          <div className="mt-4">
            <ScheduleCall action="demo" variant="accent" />
          </div>
        </section>
      </div>
    </>
  );
}

function SlidesHeading() {
  return (
    <h2 id="slides-heading" className="text-2xl font-bold tracking-tight">
      The product in slides
    </h2>
  );
}

/**
 * A demo as a card: its poster, number, title and summary. The title is the one link and
 * covers the whole card (its ::after), so the link's name is the title and the picture keeps its own alt text.
 */
function DemoCard({ to, title, summary, poster, alt, number }: (typeof demoList)[number] & { number: number }) {
  const image = posterThumbnail(poster);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-focus">
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <p className="text-sm font-semibold text-brand-700">Demo {number}</p>
        <h3 className="mt-1 text-lg font-semibold text-brand-700">
          <Link
            to={to}
            className="no-underline group-hover:underline after:absolute after:inset-0 focus-visible:outline-none"
          >
            {title}
          </Link>
        </h3>
        <p className="mt-2 flex-1 text-base text-muted">{summary}</p>
        <p className="mt-4 text-base font-semibold text-brand-700" aria-hidden="true">
          Watch →
        </p>
      </div>
      <Picture
        className="order-first"
        image={image}
        alt={alt}
        sizes={cardImageSizes}
        imgClassName="aspect-video w-full border-b border-line bg-brand-900 object-cover"
      />
    </article>
  );
}
