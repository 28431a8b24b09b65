import { Markdown } from "../components/Markdown";
import { PageHeader } from "../components/PageHeader";
import { legalDirectory, renderContent } from "../lib/content.server";
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
  return { body: renderContent("terms", site, legalDirectory()) };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Legal" title="Terms of Use" />
      <div className="container-page py-12">
        <Markdown html={loaderData.body} />
      </div>
    </>
  );
}
