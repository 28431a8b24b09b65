import { LegalDocument } from "../components/LegalDocument";
import { PageHeader } from "../components/PageHeader";
import { legalDirectory, renderSections } from "../lib/content.server";
import { pageMeta } from "../lib/page";
import { site } from "../lib/site";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Terms of Use",
    url: "/terms",
    description: `The terms that apply when you use the ${site.brand} website.`,
    keywords: "terms of use, terms and conditions, legal",
  });

export function loader() {
  return renderSections("terms", site, legalDirectory());
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Legal" title="Terms of Use" />
      <LegalDocument {...loaderData} />
    </>
  );
}
