import { Markdown } from "#app/features/content/Markdown.tsx";
import { NewsletterFurtherDown } from "#app/features/leads/FormsFurtherDown.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { renderContent } from "#app/features/content/content.server.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { site } from "#app/shared/site.ts";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    ...headFields(loaderData?.head),
    url: "/blog",
  });

export function loader({ context }: Route.LoaderArgs) {
  return { body: renderContent("blog-home", site, context), head: pageHead("head/blog", site, context) };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Blog" title={`The ${site.brand} blog`} />
      <div className="container-page py-12">
        {/* Top-aligned: a centred picture would move as the text beside it is parsed (see home.tsx). */}
        <section className="card grid gap-8 p-8 md:grid-cols-[12rem_1fr] md:p-12">
          <svg viewBox="0 0 160 140" className="mx-auto h-32 w-36 md:h-40 md:w-44" aria-hidden="true">
            <rect
              x="10"
              y="14"
              width="112"
              height="112"
              rx="14"
              fill="var(--color-brand-50)"
              stroke="var(--color-brand-600)"
              strokeWidth="3"
            />
            <path
              d="M30 44h72M30 62h72M30 80h48M30 98h36"
              stroke="var(--color-brand-600)"
              strokeWidth="6"
              strokeLinecap="round"
            />
            <circle cx="118" cy="100" r="28" fill="white" stroke="var(--color-accent-600)" strokeWidth="5" />
            <path
              d="M118 86v14l9 6"
              fill="none"
              stroke="var(--color-accent-600)"
              strokeWidth="5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <Markdown html={loaderData.body} className="prose [&_h2]:mt-0" />
        </section>
      </div>
      {/* Until there are articles, the place to hear about them. */}
      <NewsletterFurtherDown />
    </>
  );
}
