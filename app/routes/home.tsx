import { lazy, Suspense, type ReactNode } from "react";
import { Link } from "react-router";
import { renderContent } from "#app/features/content/content.server.ts";
import { softwareApplications } from "#app/features/seo/software-application.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { site } from "#app/shared/site.ts";
import { artworkImage } from "#app/shared/artwork.ts";
import { ExternalLink } from "#app/shared/ExternalLink.tsx";
import { firstSlideArt, slideImageSizes, slides } from "#app/features/carousel/slides.ts";
import { Carousel } from "#app/features/carousel/Carousel.tsx";
import { HydrateWhenVisible } from "#app/features/hydration/HydrateWhenVisible.tsx";
import { Markdown } from "#app/features/content/Markdown.tsx";
import { NewsletterSection } from "#app/features/leads/NewsletterSection.tsx";
import { AppTile, PartnerBadge } from "#app/features/catalog/PartnerBadge.tsx";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { Video } from "#app/features/video/Video.tsx";
import { promoVideo } from "#app/features/catalog/promo-video.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    {
      url: "/",
      description: `${site.productName}: time, expense, project, resource, billing, time-off and payroll integration that runs natively inside ${site.platformName}.`,
      keywords: `time tracking, expense management, professional services automation, PSA, timesheets, resource management, billing, ${site.platformName}`,
    },
    softwareApplications(site),
  );

// The first slide's image is the page's largest paint: fetch it with the HTML, ahead of the scripts.
export const links: Route.LinksFunction = () => {
  const avif = artworkImage(firstSlideArt).sources[0];
  return [{ rel: "preload", as: "image", type: avif.type, imageSrcSet: avif.srcSet, imageSizes: slideImageSizes, fetchPriority: "high" }];
};

// The sign-up form sits at the bottom of the page: its HTML is prerendered, its script (and the
// validation it shares with the contact form) hydrates later instead of weighing on first load.
const NewsletterForm = lazy(() => import("#app/features/leads/NewsletterForm.tsx").then((module) => ({ default: module.NewsletterForm })));

/** The six feature blurbs of the home page, each with its 'View details' target. */
const blurbs = [
  { key: "home-projects", to: "/features/project", label: "projects", icon: "M4 6h16M4 12h10M4 18h13" },
  { key: "home-time", to: "/features/time-expense-items", label: "time", icon: "M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z" },
  { key: "home-expenses", to: "/features/time-expense-reports", label: "expenses", icon: "M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6" },
  {
    key: "home-resources",
    to: "/features/resource",
    label: "resources",
    icon: "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M17 11a3 3 0 1 0 0-6M22 21a6 6 0 0 0-4-5.6",
  },
  { key: "home-billing", to: "/features/billing", label: "billing", icon: "M4 5h16v14H4zM4 10h16M8 15h3" },
  { key: "home-time-off", to: "/features/time-off", label: "time off", icon: "M4 7h16v13H4zM4 11h16M8 3v4M16 3v4M9 15l2 2 4-4" },
] as const;

// Content, slides included, is read at build time, so its text travels in the page's data, not its script.
export function loader() {
  return {
    slides,
    heading: renderContent("home-heading", site),
    text: renderContent("home-text", site),
    platform: renderContent("home-salesforce", site),
    blurbs: blurbs.map((blurb) => ({ ...blurb, html: renderContent(blurb.key, site) })),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 via-white to-white">
        {/* Top-aligned, not centred: a browser may paint before it has parsed the whole carousel,
            and a centred text column would then move down as the slides arrive (a layout shift
            seen in CI under load). The padding sets the text where centring would put it. */}
        <div className="container-page grid gap-10 pt-10 pb-14 sm:pt-14 lg:grid-cols-[5fr_7fr] lg:gap-12 lg:pb-20">
          <div className="lg:pt-16">
            <p className="eyebrow">Native inside {site.platformName}</p>
            <Markdown
              html={loaderData.heading}
              className="mt-3 text-lg text-muted sm:text-xl [&_h1]:mb-4 [&_h1]:text-4xl [&_h1]:leading-[1.1] [&_h1]:font-bold [&_h1]:tracking-tight [&_h1]:text-ink sm:[&_h1]:text-5xl"
            />
            <div className="mt-8 flex flex-wrap gap-3">
              <ScheduleCall action="demo" />
              <Link className="btn-secondary" to="/demo">
                View recorded Demos
              </Link>
            </div>
            <ul className="mt-8 hidden flex-wrap gap-x-6 gap-y-2 text-base text-muted sm:flex">
              <Check>Setup and support included</Check>
              <Check>Your data stays in your org</Check>
            </ul>
          </div>
          <Carousel slides={loaderData.slides} label="Product tour" />
        </div>
      </section>

      <HydrateWhenVisible>
        <section className="container-page grid items-center gap-10 py-14 lg:grid-cols-2" aria-labelledby="intro-heading">
          <div>
            <p className="eyebrow">One platform, no second system</p>
            <h2 id="intro-heading" className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
              Why teams choose {site.productName}
            </h2>
            <Markdown html={loaderData.text} className="prose mt-4" />
          </div>
          <Video {...promoVideo} />
        </section>
      </HydrateWhenVisible>

      <HydrateWhenVisible>
        <section className="bg-surface py-14" aria-labelledby="features-heading">
          <div className="container-page">
            <h2 id="features-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Everything a services team runs on
            </h2>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {loaderData.blurbs.map((blurb) => (
                <li key={blurb.key} className="card flex flex-col transition-shadow hover:shadow-md">
                  <span className="mb-4 flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false">
                      <path d={blurb.icon} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                  </span>
                  <Markdown
                    html={blurb.html}
                    className="flex-1 text-base text-muted [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-ink"
                  />
                  <Link className="btn-secondary mt-5 self-start" to={blurb.to}>
                    View details<span className="sr-only"> about {blurb.label}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </HydrateWhenVisible>

      <HydrateWhenVisible>
        <section className="container-page py-14">
          <div className="grid gap-10 overflow-hidden rounded-3xl bg-brand-900 p-6 text-brand-50 shadow-lg sm:p-10 lg:grid-cols-[1.3fr_1fr]">
            <div>
              <Markdown
                html={loaderData.platform}
                className="text-lg [&_a]:text-white [&_a]:underline [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-white sm:[&_h2]:text-3xl [&_p]:my-3"
              />
              <div className="mt-6 flex flex-wrap items-center gap-3">
                <ExternalLink className="btn bg-white text-brand-800 hover:bg-brand-100" href={site.marketplaceUrl}>
                  View the marketplace listing
                </ExternalLink>
                <ExternalLink className="btn text-white underline underline-offset-4 hover:bg-white/10" href={site.installInfoUrl}>
                  How installation works
                </ExternalLink>
              </div>
            </div>
            <div className="flex flex-col items-start justify-center gap-4">
              <PartnerBadge platformName={site.platformName} company={site.company} />
              <div className="grid w-full gap-3">
                <AppTile name={site.productName} edition="Enterprise edition" tone="brand" />
                <AppTile name={site.proProductName} edition="Professional edition" tone="accent" />
              </div>
              <div className="mt-2">
                <ScheduleCall action="setup" variant="accent" />
              </div>
            </div>
          </div>
        </section>
      </HydrateWhenVisible>

      <HydrateWhenVisible>
        <NewsletterSection>
          <Suspense>
            <NewsletterForm />
          </Suspense>
        </NewsletterSection>
      </HydrateWhenVisible>
    </>
  );
}

function Check({ children }: { children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      <svg viewBox="0 0 20 20" className="h-5 w-5 text-brand-600" aria-hidden="true" focusable="false">
        <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {children}
    </li>
  );
}
