import { LegalDocument } from "../components/LegalDocument";
import { PageHeader } from "../components/PageHeader";
import { legalDirectory, renderSections } from "../lib/content.server";
import { pageMeta } from "../lib/page";
import { site } from "../lib/site";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Privacy Policy",
    url: "/privacy",
    description: `How ${site.company} collects, uses, shares and keeps personal information, and your rights under the GDPR and the CCPA.`,
    keywords: "privacy policy, GDPR, CCPA, cookies, do not track, data retention",
  });

export function loader() {
  return renderSections("privacy", site, legalDirectory());
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Legal" title="Privacy Policy" />
      <LegalDocument {...loaderData} />
    </>
  );
}
