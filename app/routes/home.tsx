import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { renderContent, structuredContent } from "#app/features/content/content.server.ts";
import { softwareApplications } from "#app/features/seo/software-application.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { site } from "#app/shared/site.ts";
import { artworkImage, type ScreenName } from "#app/shared/artwork.ts";
import { ExternalLink } from "#app/shared/ExternalLink.tsx";
import { Picture } from "#app/shared/Picture.tsx";
import { firstSlideArt, phoneImageSizes, slideImageSizes, slidesOf } from "#app/features/carousel/slides.ts";
import { phoneDetailMedia, wholeScreenMedia, wideFocusMedia } from "#common/art.ts";
import { Carousel } from "#app/features/carousel/Carousel.tsx";
import { HydrateWhenVisible } from "#app/features/hydration/HydrateWhenVisible.tsx";
import { Markdown } from "#app/features/content/Markdown.tsx";
import { NewsletterFurtherDown } from "#app/features/leads/FormsFurtherDown.tsx";
import { AppTile, PartnerBadge } from "#app/features/catalog/PartnerBadge.tsx";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { promoVideo } from "#app/features/catalog/promo-video.ts";
import { plansOf } from "#app/features/catalog/pricing.ts";
import { InstallLink, installPromise } from "#app/features/catalog/InstallLink.tsx";
import { MarketplaceRating } from "#app/features/catalog/MarketplaceRating.tsx";
import { ProofSection } from "#app/features/proof/ProofSection.tsx";
import { hasProof } from "#app/features/proof/has-proof.ts";
import { StaticHtml } from "#app/features/static-html/StaticHtml.tsx";
import { staticMarkup } from "#app/features/static-html/render.server.tsx";
import { proofOnPage } from "#app/features/proof/proof.server.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(
    {
      ...headFields(loaderData?.head),
      url: "/",
    },
    softwareApplications(site, loaderData?.plans ?? []),
  );

// The first slide's image is the page's largest paint: fetch it with the HTML, ahead of the scripts.
export const links: Route.LinksFunction = () => {
  const avif = artworkImage(firstSlideArt).sources[0];
  const wideAvif = artworkImage(`${firstSlideArt}-focus`).sources[0];
  const phoneAvif = artworkImage(`${firstSlideArt}-detail`).sources[0];
  return [
    {
      rel: "preload",
      as: "image",
      type: wideAvif.type,
      imageSrcSet: wideAvif.srcSet,
      imageSizes: slideImageSizes,
      fetchPriority: "high",
      media: wideFocusMedia,
    },
    {
      rel: "preload",
      as: "image",
      type: avif.type,
      imageSrcSet: avif.srcSet,
      imageSizes: slideImageSizes,
      fetchPriority: "high",
      media: wholeScreenMedia,
    },
    {
      rel: "preload",
      as: "image",
      type: phoneAvif.type,
      imageSrcSet: phoneAvif.srcSet,
      imageSizes: phoneImageSizes,
      fetchPriority: "high",
      media: phoneDetailMedia,
    },
  ];
};

/** The card pictures: a third of the content width on wide screens, half on tablets, the card on phones. */
const blurbImageSizes = "(min-width: 1024px) 22rem, (min-width: 640px) 45vw, calc(100vw - 4rem)";

// The tour video sits below the first screen: its player code loads with its part of the page. Until
// that part hydrates its play control is a link to the video, so a press before then opens it.
const Video = lazy(() => import("#app/features/video/Video.tsx").then((module) => ({ default: module.Video })));

/** The six feature blurbs of the home page, each with its 'View details' target and the screen whose detail it shows. */
const blurbs = [
  { key: "home-projects", to: "/features/project", label: "projects", screen: "project-board" },
  { key: "home-time", to: "/features/time-expense-items", label: "time", screen: "timesheet" },
  { key: "home-expenses", to: "/features/time-expense-reports", label: "expenses", screen: "expense-report" },
  { key: "home-resources", to: "/features/resource", label: "resources", screen: "resource-planning" },
  { key: "home-billing", to: "/features/billing", label: "billing", screen: "billing-run" },
  { key: "home-time-off", to: "/features/time-off", label: "time off", screen: "time-off" },
] as const satisfies readonly { key: string; to: string; label: string; screen: ScreenName }[];

/** True facts that build trust (issue 22: no invented customers, quotes, logos, ratings or numbers). */
const facts = [
  {
    title: "Runs inside your own org",
    text: "Your data never leaves it.",
    icon: "M12 3l8 4v5c0 5-3.5 8-8 9-4.5-1-8-4-8-9V7z",
  },
  {
    title: "Your security model",
    text: "Your users, profiles and sharing rules decide who sees what.",
    icon: "M8 11V7a4 4 0 0 1 8 0v4M5 11h14v10H5z",
  },
  {
    title: `${site.platformName} ISV partner`,
    text: `${site.company} builds and lists its apps with ${site.platformName}.`,
    icon: "M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9z",
  },
  {
    title: "Setup and support included",
    text: "Only development work, such as integrations, is charged.",
    icon: "M4 12l5 5L20 6",
  },
] as const;

// Content, slides included, is read at build time, so its text travels in the page's data, not its script.
export function loader({ context }: Route.LoaderArgs) {
  const page = {
    heading: renderContent("home-heading", site, context),
    text: renderContent("home-text", site, context),
    platform: renderContent("home-salesforce", site, context),
    blurbs: blurbs.map((blurb) => ({
      ...blurb,
      html: renderContent(blurb.key, site, context),
      image: artworkImage(`${blurb.screen}-detail`),
    })),
    plans: plansOf(structuredContent("pricing", site, context)),
    proof: proofOnPage("/", context),
  };
  // All but the carousel, the tour video and the newsletter form is static (the links' clicks are
  // reported by delegation): HTML made here, adopted as it is (app/features/static-html).
  return {
    slides: slidesOf(structuredContent("carousel/slides", site, context)),
    plans: page.plans,
    hero: staticMarkup("/", <HeroText page={page} />),
    trust: staticMarkup("/", <TrustBand page={page} />),
    intro: staticMarkup("/", <IntroText page={page} />),
    rest: staticMarkup("/", <FeaturesAndPlatform page={page} />),
    head: pageHead("head/home", site, context),
  };
}

type HomeContent = {
  heading: string;
  text: string;
  platform: string;
  blurbs: ((typeof blurbs)[number] & { html: string; image: ReturnType<typeof artworkImage> })[];
  plans: ReturnType<typeof plansOf>;
  proof: ReturnType<typeof proofOnPage>;
};

// The page as the browser runs it: static parts, with the carousel, the tour video and the newsletter
// form as islands.
export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 via-white to-white">
        {/* Top-aligned, not centred: a browser may paint before it has parsed the whole carousel,
            and a centred text column would then move down as the slides arrive (a layout shift
            seen in CI under load). The padding sets the text where centring would put it. */}
        <div className="container-page grid gap-10 pt-6 pb-14 sm:pt-14 lg:grid-cols-[5fr_7fr] lg:gap-12 lg:pb-20">
          <StaticHtml html={loaderData.hero} />
          <Carousel slides={loaderData.slides} label="Product tour" />
        </div>
      </section>

      <StaticHtml html={loaderData.trust} />

      <HydrateWhenVisible>
        <section
          className="container-page grid items-center gap-10 py-14 lg:grid-cols-2"
          aria-labelledby="intro-heading"
        >
          <StaticHtml html={loaderData.intro} />
          {/* The box the video takes, while a visit that navigated here fetches its code. */}
          <Suspense fallback={<div className="aspect-video w-full max-w-[640px] rounded-2xl bg-brand-900" />}>
            <Video {...promoVideo} />
          </Suspense>
        </section>
      </HydrateWhenVisible>

      <StaticHtml html={loaderData.rest} />

      <NewsletterFurtherDown />
    </>
  );
}

function HeroText({ page }: { page: HomeContent }) {
  return (
    <div className="lg:pt-16">
      <p className="eyebrow">Native inside {site.platformName}</p>
      <Markdown html={page.heading} className="home-hero-text" />
      {/* On phones the three controls stack at one width, so their edges line up. */}
      <div className="mt-6 flex flex-wrap gap-3 sm:mt-8">
        <ScheduleCall action="demo" className="max-sm:w-full" />
        <Link className="btn-secondary max-sm:w-full" to="/demo">
          View recorded Demos
        </Link>
      </div>
      {/* The self-serve start as a control of its own, with what trying it takes, in the first
          screen at 320 px too (issue #43 point 2); then what it costs (issue #34). */}
      <div className="mt-3">
        <InstallLink look="start" where="home hero" className="max-sm:w-full" />
        <p className="mt-2 text-sm text-muted">{installPromise}</p>
        <MarketplaceRating site={site} className="mt-2" />
      </div>
      {page.plans[0] && (
        <p className="mt-5 text-base text-muted">
          From <span className="font-semibold text-ink">USD {page.plans[0].price.amount}</span>{" "}
          {page.plans[0].price.unit}.{" "}
          <Link className="font-semibold text-brand-700 underline underline-offset-4" to="/products">
            See prices
          </Link>
        </p>
      )}
    </div>
  );
}

function TrustBand({ page }: { page: HomeContent }) {
  return (
    <section className="border-y border-line bg-white" aria-label="Why it is safe to choose">
      <ul className="container-page grid gap-6 py-8 sm:grid-cols-2 lg:grid-cols-4">
        {facts.map((fact) => (
          <li key={fact.title} className="flex gap-3">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
                <path
                  d={fact.icon}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </span>
            <p className="text-base text-muted">
              <strong className="block font-semibold text-ink">{fact.title}</strong>
              {fact.text}
            </p>
          </li>
        ))}
      </ul>
      {/* Only what the company published: with no proof there is nothing here at all. Inside this
          band, after the facts, so a page without proof is the same page, element for element. */}
      {hasProof(page.proof) && (
        <ProofSection
          proof={page.proof}
          productName={site.productName}
          className="container-page border-t border-line py-14"
        />
      )}
    </section>
  );
}

function IntroText({ page }: { page: HomeContent }) {
  return (
    <div>
      <p className="eyebrow">One platform, no second system</p>
      <h2 id="intro-heading" className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
        Why teams choose {site.productName}
      </h2>
      <Markdown html={page.text} className="prose mt-4" />
    </div>
  );
}

function FeaturesAndPlatform({ page }: { page: HomeContent }) {
  return (
    <>
      <section className="bg-surface py-14" aria-labelledby="features-heading">
        <div className="container-page">
          <h2 id="features-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Everything a services team runs on
          </h2>
          {/* Rows that wrap on paper: Chromium moved this grid to the next sheet whole, leaving the heading alone. */}
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 print:flex print:flex-wrap">
            {page.blurbs.map((blurb) => (
              <li
                key={blurb.key}
                className="card relative flex flex-col p-4 transition-shadow hover:shadow-md print:w-[calc((100%-3rem)/3)]"
              >
                <Picture
                  className="block overflow-hidden rounded-xl bg-brand-50 ring-1 ring-line"
                  image={blurb.image}
                  alt=""
                  sizes={blurbImageSizes}
                  imgClassName="block h-auto w-full"
                />
                <Markdown html={blurb.html} className="home-card-text" />
                {/* One link per card; its area covers the card, so the picture and text lead there too. */}
                <Link
                  className="btn-secondary mx-2 mt-4 mb-2 self-start after:absolute after:inset-0 after:rounded-2xl"
                  to={blurb.to}
                >
                  View details<span className="sr-only"> about {blurb.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container-page py-14">
        <div className="grid gap-10 overflow-hidden rounded-3xl bg-brand-900 p-6 text-brand-50 shadow-lg sm:p-10 lg:grid-cols-[1.3fr_1fr]">
          <div>
            <Markdown html={page.platform} className="home-band-text" />
            <div className="mt-6 flex flex-wrap items-center gap-3">
              <ExternalLink className="btn bg-white text-brand-800 hover:bg-brand-100" href={site.marketplaceUrl}>
                View the marketplace listing
              </ExternalLink>
              <ExternalLink
                className="btn text-white underline underline-offset-4 hover:bg-white/10"
                href={site.installInfoUrl}
              >
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
    </>
  );
}
