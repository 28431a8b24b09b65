import { Markdown } from "../components/Markdown";
import { PageHeader } from "../components/PageHeader";
import { renderContent } from "../lib/content.server";
import { pageMeta } from "../lib/page";
import { site } from "../lib/site";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Blog",
    url: "/blog",
    description: `News, tips and product updates from the ${site.brand} team.`,
    keywords: "blog, product news, time tracking tips",
  });

export function loader() {
  return { body: renderContent("blog-home", site) };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Blog" title={`The ${site.brand} blog`} />
      <div className="container-page py-12">
        <Markdown html={loaderData.body} />
      </div>
    </>
  );
}
