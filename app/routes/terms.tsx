import { LegalDocument } from "#app/features/content/LegalDocument.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { renderSections } from "#app/features/content/content.server.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { site } from "#app/shared/site.ts";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    ...headFields(loaderData?.head),
    url: "/terms",
  });

export function loader({ context }: Route.LoaderArgs) {
  return { ...renderSections("legal/terms", site, context), head: pageHead("head/terms", site, context) };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Legal" title="Terms of Use" />
      <LegalDocument intro={loaderData.intro} sections={loaderData.sections} />
    </>
  );
}
