import { Markdown } from "#app/features/content/Markdown.tsx";
import { StaticHtml } from "#app/features/static-html/StaticHtml.tsx";
import { staticMarkup } from "#app/features/static-html/render.server.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { ScheduleCallCard } from "#app/features/schedule-call/ScheduleCallCard.tsx";
import { renderContent } from "#app/features/content/content.server.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { site } from "#app/shared/site.ts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    ...headFields(loaderData?.head),
    url: "/about",
  });

// The whole page is static, the schedule-call button's click reported by delegation: HTML made here,
// adopted as it is (app/features/static-html).
export function loader({ context }: Route.LoaderArgs) {
  return {
    body: staticMarkup(
      "/about",
      <AboutPage body={externalLinksInNewTab(renderContent("about-home", site, context))} />,
    ),
    head: pageHead("head/about", site, context),
  };
}

/** Links to other sites (the sibling app) open in a new tab, and say so to assistive technology. */
function externalLinksInNewTab(html: string): string {
  return html.replace(
    /<a href="(https?:\/\/[^"]+)">([\s\S]*?)<\/a>/g,
    '<a href="$1" target="_blank" rel="noopener">$2<span class="sr-only"> (opens in a new tab)</span></a>',
  );
}

function AboutPage({ body }: { body: string }) {
  return (
    <>
      <PageHeader eyebrow="About" title={`About – ${site.company}`} />
      <div className="container-page grid gap-12 py-12 lg:grid-cols-[1fr_20rem]">
        <Markdown html={body} />
        <aside className="h-fit lg:sticky lg:top-24">
          <ScheduleCallCard id="schedule-call" heading="Schedule a Call" type="about">
            <p>Half an hour with our team: your questions about the product, partnership or services.</p>
          </ScheduleCallCard>
        </aside>
      </div>
    </>
  );
}

export default function About({ loaderData }: Route.ComponentProps) {
  return <StaticHtml html={loaderData.body} />;
}
