import { LegalDocument } from "#app/features/content/LegalDocument.tsx";
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

export function loader({ context }: Route.LoaderArgs) {
  return { ...renderSections("legal/privacy", site, context), head: pageHead("head/privacy", site, context) };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Legal" title="Privacy Policy" />
      <LegalDocument intro={loaderData.intro} sections={loaderData.sections} />
    </>
  );
}
