import { ContactForm } from "#app/features/leads/ContactForm.tsx";
import { NewsletterForm } from "#app/features/leads/NewsletterForm.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { mailtoHref, telHref } from "#app/shared/links.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { site } from "#app/shared/site.ts";
import { StaticHtml } from "#app/features/static-html/StaticHtml.tsx";
import { staticMarkup } from "#app/features/static-html/render.server.tsx";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ ...headFields(loaderData?.head), url: "/contact" });

/**
 * head/contact: the page's title, description, keywords and social image, editable in the console.
 * All but the two forms is static (the call button's click reported by delegation): HTML made here,
 * adopted as it is (app/features/static-html).
 */
export function loader({ context }: Route.LoaderArgs) {
  return {
    head: pageHead("head/contact", site, context),
    header: staticMarkup("/contact", <ContactHeader />),
    call: staticMarkup("/contact", <CallSection />),
    questionIntro: staticMarkup("/contact", <QuestionIntro />),
    newsletterIntro: staticMarkup("/contact", <NewsletterIntro />),
    reach: staticMarkup("/contact", <ReachUs />),
  };
}

// The page as the browser runs it: static parts, with the question and newsletter forms as islands.
// The spacing is on the parts' own elements (a static part's wrapper is display: contents, so a
// parent's space-y-* would not reach them).
export default function Contact({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaticHtml html={loaderData.header} />
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[1fr_22rem]">
        <div>
          <StaticHtml html={loaderData.call} />
          <section aria-labelledby="question-heading" className="mt-12">
            <StaticHtml html={loaderData.questionIntro} />
            <ContactForm />
          </section>
          <section aria-labelledby="newsletter-heading" className="card mt-12">
            <StaticHtml html={loaderData.newsletterIntro} />
            <NewsletterForm />
          </section>
        </div>
        <StaticHtml html={loaderData.reach} />
      </div>
    </>
  );
}

function ContactHeader() {
  return (
    <PageHeader eyebrow="Contact" title="Contact Us">
      <p>Questions about features, pricing or setup? We answer every message within one business day.</p>
    </PageHeader>
  );
}

function CallSection() {
  return (
    <section aria-labelledby="call-heading">
      <h2 id="call-heading" className="text-2xl font-bold tracking-tight">
        Schedule a Call
      </h2>
      <p className="mt-2 text-lg text-muted">A 30-minute call with our team, at a time that suits you.</p>
      <div className="mt-4">
        <ScheduleCall type="contact" />
      </div>
    </section>
  );
}

function QuestionIntro() {
  return (
    <>
      <h2 id="question-heading" className="text-2xl font-bold tracking-tight">
        Send us a question
      </h2>
      <p className="mt-2 mb-6 text-lg text-muted">Tell us what you need and we will write back.</p>
    </>
  );
}

function NewsletterIntro() {
  return (
    <>
      <h2 id="newsletter-heading" className="text-2xl font-bold tracking-tight">
        Newsletter
      </h2>
      <p className="mt-2 mb-6 text-lg text-muted">
        New features and practical tips, about once a month. Unsubscribe with one click.
      </p>
    </>
  );
}

function ReachUs() {
  return (
    <aside className="card h-fit" aria-labelledby="reach-heading">
      <h2 id="reach-heading" className="text-xl font-semibold">
        Reach us
      </h2>
      <dl className="mt-4 space-y-4 text-base">
        <div>
          <dt className="font-semibold text-ink">E-mail</dt>
          <dd>
            <a className="break-all text-brand-700 underline underline-offset-2" href={mailtoHref(site.supportEmail)}>
              {site.supportEmail}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-ink">Phone</dt>
          <dd>
            <a className="text-brand-700 underline underline-offset-2" href={telHref(site.phone)}>
              {site.phone}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-ink">Address</dt>
          <dd>
            <address className="text-muted not-italic">
              {site.company}
              <br />
              {site.street}
              <br />
              {site.city}, {site.country}
            </address>
          </dd>
        </div>
      </dl>
    </aside>
  );
}
