// Trust a buyer can check (issue #43): where the data lives, what the app asks of the org, what the
// site keeps and for how long, and where to report a vulnerability. An editable content key, laid
// out as the legal pages are: a table of contents beside the sections.
import { LegalDocument } from "#app/features/content/LegalDocument.tsx";
import { StaticHtml } from "#app/features/static-html/StaticHtml.tsx";
import { staticMarkup } from "#app/features/static-html/render.server.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { renderSections } from "#app/features/content/content.server.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { site } from "#app/shared/site.ts";
import type { Route } from "./+types/security";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    ...headFields(loaderData?.head),
    url: "/security",
  });

// The whole page is static: HTML made here, adopted as it is (app/features/static-html).
export function loader({ context }: Route.LoaderArgs) {
  const { intro, sections } = renderSections("legal/security", site, context);
  return {
    body: staticMarkup(
      "/security",
      <>
        <PageHeader eyebrow="Trust" title="Security" />
        <LegalDocument intro={intro} sections={sections} />
      </>,
    ),
    head: pageHead("head/security", site, context),
  };
}

export default function Security({ loaderData }: Route.ComponentProps) {
  return <StaticHtml html={loaderData.body} />;
}
