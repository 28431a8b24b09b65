import { LegalDocument } from "#app/features/content/LegalDocument.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { renderSections } from "#app/features/content/content.server.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { site } from "#app/shared/site.ts";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Terms of Use",
    url: "/terms",
    description: `The terms that apply when you use the ${site.brand} website.`,
    keywords: "terms of use, terms and conditions, legal",
  });

export function loader({ context }: Route.LoaderArgs) {
  return renderSections("legal/terms", site, context);
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Legal" title="Terms of Use" />
      <LegalDocument {...loaderData} />
    </>
  );
}
