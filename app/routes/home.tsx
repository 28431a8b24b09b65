import { Link } from "react-router";
import { renderContent } from "../lib/content.server";
import { softwareApplications } from "../lib/json-ld";
import { pageMeta } from "../lib/page";
import { site } from "../lib/site";
import { Markdown } from "../components/Markdown";
import { NewsletterForm } from "../components/NewsletterForm";
import { ScheduleCall } from "../components/ScheduleCall";
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

/** The six feature blurbs of the home page, each with its 'View details' target. */
const blurbs = [
  { key: "home-projects", to: "/features/project", label: "projects" },
  { key: "home-time", to: "/features/time-expense-items", label: "time" },
  { key: "home-expenses", to: "/features/time-expense-reports", label: "expenses" },
  { key: "home-resources", to: "/features/resource", label: "resources" },
  { key: "home-billing", to: "/features/billing", label: "billing" },
  { key: "home-time-off", to: "/features/time-off", label: "time off" },
] as const;

export function loader() {
  return {
    heading: renderContent("home-heading", site),
    text: renderContent("home-text", site),
    platform: renderContent("home-salesforce", site),
    blurbs: blurbs.map((blurb) => ({ ...blurb, html: renderContent(blurb.key, site) })),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page py-14 sm:py-20">
          <p className="eyebrow">Native inside {site.platformName}</p>
          <Markdown
            html={loaderData.heading}
            className="hero-copy mt-3 max-w-3xl text-lg text-muted sm:text-xl [&_h1]:mb-4 [&_h1]:text-4xl [&_h1]:font-bold [&_h1]:tracking-tight [&_h1]:text-ink sm:[&_h1]:text-5xl"
          />
          <div className="mt-8 flex flex-wrap gap-3">
            <ScheduleCall title="Schedule Demo" type="demo" />
            <Link className="btn-secondary" to="/demo">
              View recorded Demos
            </Link>
          </div>
        </div>
      </section>

      <section className="container-page py-12" aria-labelledby="intro-heading">
        <h2 id="intro-heading" className="sr-only">
          About {site.productName}
        </h2>
        <Markdown html={loaderData.text} />
      </section>

      <section className="container-page py-8" aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Everything a services team runs on
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.blurbs.map((blurb) => (
            <li key={blurb.key} className="card flex flex-col">
              <Markdown html={blurb.html} className="flex-1 text-base text-muted [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-ink" />
              <Link className="btn-secondary mt-5 self-start" to={blurb.to}>
                View details<span className="sr-only"> about {blurb.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="container-page py-12" aria-label="Install">
        <div className="card grid gap-8 bg-brand-900 text-brand-50 md:grid-cols-[1.4fr_1fr] md:p-10">
          <Markdown
            html={loaderData.platform}
            className="text-lg [&_a]:text-white [&_a]:underline [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-white [&_p]:my-3"
          />
          <div className="flex flex-col items-start justify-center gap-3">
            <a className="btn bg-white text-brand-800 hover:bg-brand-100" href={site.marketplaceUrl}>
              Get it on the marketplace
            </a>
            <a className="text-base text-white underline underline-offset-2" href={site.installInfoUrl}>
              How installation works
            </a>
            <ScheduleCall title="Schedule Installation / Setup" type="setup" variant="accent" />
          </div>
        </div>
      </section>

      <section id="newsletter" className="container-page scroll-mt-24 py-12" aria-labelledby="newsletter-heading">
        <div className="card max-w-3xl">
          <h2 id="newsletter-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Stay in the loop
          </h2>
          <p className="mt-2 mb-6 text-lg text-muted">New features, release notes and practical tips for services teams, a few times a year.</p>
          <NewsletterForm />
        </div>
      </section>
    </>
  );
}
