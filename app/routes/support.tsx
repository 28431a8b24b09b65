import { ContactFormFurtherDown } from "#app/features/leads/FormsFurtherDown.tsx";
import { ExternalLink } from "#app/shared/ExternalLink.tsx";
import { Frame } from "#app/shared/Frame.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { StaticHtml } from "#app/features/static-html/StaticHtml.tsx";
import { staticMarkup } from "#app/features/static-html/render.server.tsx";
import { mailtoHref, telHref } from "#app/shared/links.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { scheduleCallUrl } from "#app/features/schedule-call/schedule.ts";
import { SchedulerPlaceholder } from "#app/features/schedule-call/SchedulerPlaceholder.tsx";
import { site } from "#app/shared/site.ts";
import type { Route } from "./+types/support";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ ...headFields(loaderData?.head), url: "/support" });

/**
 * head/support: the page's title, description, keywords and social image, editable in the console.
 * All but the scheduler frame and the question form is static: HTML made here, adopted as it is
 * (app/features/static-html).
 */
export function loader({ context }: Route.LoaderArgs) {
  return {
    header: staticMarkup("/support", <SupportHeader />),
    ways: staticMarkup("/support", <SupportWays />),
    appointmentIntro: staticMarkup("/support", <AppointmentIntro />),
    callTopics: staticMarkup("/support", <CallTopics />),
    questionIntro: staticMarkup("/support", <QuestionIntro />),
    head: pageHead("head/support", site, context),
  };
}

/** Requirements §9: the scheduler frame is at least 950 px tall. */
const schedulerMinHeight = 950;

/** What a support or setup call is for (requirements §1: support and setup are included). */
const callTopics = [
  "Installing the app in your org",
  "Setting up projects, approvals and payroll periods",
  "Questions from your administrators and users",
  "A second look at anything that does not work as you expect",
];

// The page as the browser runs it: static parts, with the scheduler frame and the question form as islands.
export default function Support({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaticHtml html={loaderData.header} />
      <div className="container-page py-12">
        <StaticHtml html={loaderData.ways} />
        <section className="mt-16" aria-labelledby="appointment-heading">
          <StaticHtml html={loaderData.appointmentIntro} />
          <div className="mt-8 grid items-start gap-8 lg:grid-cols-[18rem_minmax(0,1fr)] lg:gap-10">
            <StaticHtml html={loaderData.callTopics} />
            <Frame
              src={scheduleCallUrl(site, { type: "support", ui: "embed" })}
              title="Appointment scheduler"
              minHeight={schedulerMinHeight}
              linkLabel="Open the scheduler in a new tab"
              loadingText="Loading the scheduler…"
              unavailableText="The scheduler could not load here."
              placeholder={(actions, unavailable) => (
                <SchedulerPlaceholder actions={actions} unavailable={unavailable} />
              )}
            />
          </div>
        </section>
        <section className="mt-16 max-w-3xl" aria-labelledby="support-question-heading">
          <StaticHtml html={loaderData.questionIntro} />
          {/* Below the 950 px scheduler: it hydrates when the visitor comes near it. */}
          <ContactFormFurtherDown subject={`Support ${site.productName}`} />
        </section>
      </div>
    </>
  );
}

function SupportHeader() {
  return (
    <PageHeader eyebrow="Support" title="We are here to help">
      <p>Support and setup are included with every subscription. Reach us the way that suits you.</p>
    </PageHeader>
  );
}

function SupportWays() {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      <li className="card">
        <h2 className="text-xl font-semibold">Documentation</h2>
        <p className="mt-2 text-base text-muted">
          Guides for users and administrators, release notes and set-up checklists.
        </p>
        <ExternalLink className="btn-secondary mt-4" href={site.docsUrl}>
          Open the documentation
        </ExternalLink>
      </li>
      <li className="card">
        <h2 className="text-xl font-semibold">E-mail</h2>
        <p className="mt-2 text-base text-muted">Write to us any time; we answer within one business day.</p>
        <a
          className="mt-4 inline-block font-medium break-all text-brand-700 underline underline-offset-2"
          href={mailtoHref(site.supportEmail)}
        >
          {site.supportEmail}
        </a>
      </li>
      <li className="card">
        <h2 className="text-xl font-semibold">Phone</h2>
        <p className="mt-2 text-base text-muted">Talk to the people who build the product.</p>
        <a
          className="mt-4 inline-block font-medium text-brand-700 underline underline-offset-2"
          href={telHref(site.phone)}
        >
          {site.phone}
        </a>
      </li>
    </ul>
  );
}

function AppointmentIntro() {
  return (
    <>
      <h2 id="appointment-heading" className="text-2xl font-bold tracking-tight">
        Book a support or setup appointment
      </h2>
      <p className="mt-2 max-w-3xl text-lg text-muted">
        Choose a time and we will call you, share a screen and work through it together.
      </p>
    </>
  );
}

function CallTopics() {
  return (
    <aside className="lg:pt-2" aria-labelledby="call-topics-heading">
      <h3 id="call-topics-heading" className="text-lg font-semibold text-ink">
        What the call covers
      </h3>
      <ul className="mt-3 space-y-3 text-base text-muted">
        {callTopics.map((topic) => (
          <li key={topic} className="flex gap-2.5">
            <svg
              viewBox="0 0 20 20"
              className="mt-0.5 h-5 w-5 shrink-0 text-brand-600"
              aria-hidden="true"
              focusable="false"
            >
              <path
                d="M4 10.5l4 4 8-9"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.4"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            {topic}
          </li>
        ))}
      </ul>
      <p className="mt-6 rounded-xl bg-brand-50 p-4 text-base text-brand-800">
        Support and setup are included with every subscription. Only development work, such as integrations, is charged.
      </p>
    </aside>
  );
}

function QuestionIntro() {
  return (
    <>
      <h2 id="support-question-heading" className="text-2xl font-bold tracking-tight">
        Ask the support team
      </h2>
      <p className="mt-2 mb-6 text-lg text-muted">Describe what you are trying to do and we will get back to you.</p>
    </>
  );
}
