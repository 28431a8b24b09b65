import { ContactForm } from "#app/features/leads/ContactForm.tsx";
import { NewsletterForm } from "#app/features/leads/NewsletterForm.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { mailtoHref, telHref } from "#app/shared/links.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { site } from "#app/shared/site.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ ...headFields(loaderData?.head), url: "/contact" });

/** head/contact: the page's title, description, keywords and social image, editable in the console. */
export function loader({ context }: Route.LoaderArgs) {
  return { head: pageHead("head/contact", site, context) };
}

export default function Contact() {
  return (
    <>
      <PageHeader eyebrow="Contact" title="Contact Us">
        <p>Questions about features, pricing or setup? We answer every message within one business day.</p>
      </PageHeader>
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-12">
          <section aria-labelledby="call-heading">
            <h2 id="call-heading" className="text-2xl font-bold tracking-tight">
              Schedule a Call
            </h2>
            <p className="mt-2 text-lg text-muted">A 30-minute call with our team, at a time that suits you.</p>
            <div className="mt-4">
              <ScheduleCall type="contact" />
            </div>
          </section>
          <section aria-labelledby="question-heading">
            <h2 id="question-heading" className="text-2xl font-bold tracking-tight">
              Send us a question
            </h2>
            <p className="mt-2 mb-6 text-lg text-muted">Tell us what you need and we will write back.</p>
            <ContactForm />
          </section>
          <section aria-labelledby="newsletter-heading" className="card">
            <h2 id="newsletter-heading" className="text-2xl font-bold tracking-tight">
              Newsletter
            </h2>
            <p className="mt-2 mb-6 text-lg text-muted">
              New features and practical tips, about once a month. Unsubscribe with one click.
            </p>
            <NewsletterForm />
          </section>
        </div>
        <aside className="card h-fit" aria-labelledby="reach-heading">
          <h2 id="reach-heading" className="text-xl font-semibold">
            Reach us
          </h2>
          <dl className="mt-4 space-y-4 text-base">
            <div>
              <dt className="font-semibold text-ink">E-mail</dt>
              <dd>
                <a
                  className="break-all text-brand-700 underline underline-offset-2"
                  href={mailtoHref(site.supportEmail)}
                >
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
      </div>
    </>
  );
}
