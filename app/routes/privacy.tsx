import { LegalDocument } from "#app/features/content/LegalDocument.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { renderSections } from "#app/features/content/content.server.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { site } from "#app/shared/site.ts";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Privacy Policy",
    url: "/privacy",
    description: `How ${site.company} collects, uses, shares and keeps personal information, and your rights under the GDPR and the CCPA.`,
    keywords: "privacy policy, GDPR, CCPA, cookies, do not track, data retention",
  });

export function loader({ context }: Route.LoaderArgs) {
  return renderSections("legal/privacy", site, context);
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Legal" title="Privacy Policy" />
      <LegalDocument {...loaderData} />
    </>
  );
}
