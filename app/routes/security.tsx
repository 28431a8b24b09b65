// Trust a buyer can check (issue #43): where the data lives, what the app asks of the org, what the
// site keeps and for how long, and where to report a vulnerability. An editable content key, laid
// out as the legal pages are: a table of contents beside the sections.
import { LegalDocument } from "#app/features/content/LegalDocument.tsx";
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

export function loader({ context }: Route.LoaderArgs) {
  return { ...renderSections("legal/security", site, context), head: pageHead("head/security", site, context) };
}

export default function Security({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Trust" title="Security" />
      <LegalDocument intro={loaderData.intro} sections={loaderData.sections} />
    </>
  );
}
