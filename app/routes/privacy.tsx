import { LegalDocument } from "#app/features/content/LegalDocument.tsx";
import { StaticHtml } from "#app/features/static-html/StaticHtml.tsx";
import { staticMarkup } from "#app/features/static-html/render.server.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { renderSections } from "#app/features/content/content.server.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { site } from "#app/shared/site.ts";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    ...headFields(loaderData?.head),
    url: "/privacy",
  });

// The whole page is static: HTML made here, adopted as it is (app/features/static-html).
export function loader({ context }: Route.LoaderArgs) {
  const { intro, sections } = renderSections("legal/privacy", site, context);
  return {
    body: staticMarkup(
      "/privacy",
      <>
        <PageHeader eyebrow="Legal" title="Privacy Policy" />
        <LegalDocument intro={intro} sections={sections} />
      </>,
    ),
    head: pageHead("head/privacy", site, context),
  };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <StaticHtml html={loaderData.body} />;
}
