import { Markdown } from "../components/Markdown";
import { PageHeader } from "../components/PageHeader";
import { ScheduleCall } from "../components/ScheduleCall";
import { renderContent } from "../lib/content.server";
import { pageMeta } from "../lib/page";
import { site } from "../lib/site";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Products",
    url: "/products",
    description: `${site.productName} for Enterprise edition and ${site.proProductName} for Professional edition: prices, editions and what is included.`,
    keywords: "pricing, editions, time and expense app, professional services automation, per user pricing",
  });

export function loader() {
  return { body: renderContent("products-home", site) };
}

export default function Products({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Products" title="Products and pricing">
        <p>Two apps, one way of working. Support and setup are included; you only pay for development work such as integrations.</p>
      </PageHeader>
      <div className="container-page py-12">
        <Markdown html={loaderData.body} />
        <div className="mt-10">
          <ScheduleCall title="Schedule Demo" type="demo" />
        </div>
      </div>
    </>
  );
}
