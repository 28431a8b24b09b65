import { Markdown } from "#app/features/content/Markdown.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { renderSections } from "#app/features/content/content.server.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { site } from "#app/shared/site.ts";
import type { Route } from "./+types/solutions";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    ...headFields(loaderData?.head),
    url: "/solutions",
  });

/** solutions-home: an intro, one section per kind of organization, and a closing call to action (the last section). */
export function loader({ context }: Route.LoaderArgs) {
  const { intro, sections } = renderSections("solutions-home", site, context);
  return {
    intro,
    segments: sections.slice(0, -1),
    closing: sections.at(-1),
    head: pageHead("head/solutions", site, context),
  };
}

/** A simple line icon per segment, in content order: consulting, field work, installation and support, agencies. */
const icons = [
  "M4 19h16M6 16V9m4 7V5m4 11v-5m4 5V7",
  "M12 21s-6-5.3-6-10a6 6 0 1 1 12 0c0 4.7-6 10-6 10zm0-8a2 2 0 1 0 0-4 2 2 0 0 0 0 4z",
  "M14.7 6.3a4 4 0 0 0-5.4 5.2L4 16.8V20h3.2l5.3-5.3a4 4 0 0 0 5.2-5.4l-2.4 2.4-2.3-.5-.5-2.3z",
  "M12 3a9 9 0 1 0 0 18c1 0 1.5-.7 1.5-1.5 0-.4-.2-.8-.4-1.1-.3-.3-.4-.6-.4-1 0-.8.7-1.4 1.5-1.4H16a5 5 0 0 0 5-5c0-4.4-4-8-9-8zM7.5 12a1 1 0 1 1 0-2 1 1 0 0 1 0 2zm3-4a1 1 0 1 1 0-2 1 1 0 0 1 0 2zm3 0a1 1 0 1 1 0-2 1 1 0 0 1 0 2zm3 4a1 1 0 1 1 0-2 1 1 0 0 1 0 2z",
];

export default function Solutions({ loaderData }: Route.ComponentProps) {
  const { intro, segments, closing } = loaderData;
  return (
    <>
      <PageHeader eyebrow="Solutions" title="Built for teams that bill their time">
        <p>Consulting, field work, installation and support, and creative agencies.</p>
      </PageHeader>
      <div className="container-page py-12">
        <Markdown html={intro} />
        <nav aria-label="Solutions on this page" className="mt-6 flex flex-wrap gap-2">
          {segments.map((segment) => (
            <a
              key={segment.id}
              href={`#${segment.id}`}
              className="rounded-full border border-line bg-surface px-4 py-2 text-base font-medium text-brand-700 no-underline hover:border-brand-600"
            >
              {segment.title}
            </a>
          ))}
        </nav>
        <div className="mt-10 grid gap-6 lg:grid-cols-2">
          {segments.map((segment, index) => (
            <section
              key={segment.id}
              id={segment.id}
              className="card scroll-mt-24 border-t-4 border-t-brand-600"
              aria-labelledby={`${segment.id}-h`}
            >
              <div className="flex items-center gap-3">
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <svg
                    viewBox="0 0 24 24"
                    className="h-6 w-6"
                    aria-hidden="true"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  >
                    <path d={icons[index % icons.length]} />
                  </svg>
                </span>
                <h2 id={`${segment.id}-h`} className="text-2xl font-bold tracking-tight">
                  {segment.title}
                </h2>
              </div>
              <Markdown html={segment.html} className="prose mt-4 text-base" />
            </section>
          ))}
        </div>
        {closing && (
          <section className="card mt-12 bg-brand-900 text-brand-50 md:p-10" aria-labelledby="closing-h">
            <h2 id="closing-h" className="text-2xl font-bold text-white">
              {closing.title}
            </h2>
            <Markdown
              html={closing.html}
              className="mt-3 max-w-3xl text-lg [&_a]:font-semibold [&_a]:text-white [&_a]:underline"
            />
            <div className="mt-6">
              <ScheduleCall type="solutions" variant="accent" />
            </div>
          </section>
        )}
      </div>
    </>
  );
}
