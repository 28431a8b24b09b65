import { data, Navigate } from "react-router";
import { Markdown } from "#app/features/content/Markdown.tsx";
import { NewsletterFurtherDown } from "#app/features/leads/FormsFurtherDown.tsx";
import { PageHeader } from "#app/shared/PageHeader.tsx";
import { StaticHtml } from "#app/features/static-html/StaticHtml.tsx";
import { staticMarkup } from "#app/features/static-html/render.server.tsx";
import { renderContent } from "#app/features/content/content.server.ts";
import { pageMeta } from "#app/features/seo/page-meta.ts";
import { breadcrumbList } from "#app/features/seo/json-ld.ts";
import { headFields } from "#app/features/seo/head.ts";
import { pageHead } from "#app/features/seo/head.server.ts";
import { blogPosting, postHead } from "#app/features/blog/blog-posting.ts";
import { cardOf, publishedPosts } from "#app/features/blog/posts.server.ts";
import { BlogMark } from "#app/features/blog/BlogMark.tsx";
import { PostArticle } from "#app/features/blog/PostArticle.tsx";
import { PostCard } from "#app/features/blog/PostCard.tsx";
import { site } from "#app/shared/site.ts";
import { blogFeedPath, blogPath } from "#common/post-keys.ts";
import type { Route } from "./+types/blog";

// /blog and /blog/<slug> ("blog/*"): the build prerenders /blog, and the server renders each post's
// page when it is published (server/content/), so the route has to take every path under /blog.
export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (loaderData?.post) {
    const facts = { ...loaderData.post, image: loaderData.post.cover?.socialUrl };
    return pageMeta(postHead(facts), [
      blogPosting(site, facts),
      breadcrumbList(site, [
        { name: "Blog", path: blogPath },
        { name: loaderData.post.title, path: loaderData.post.path },
      ]),
    ]);
  }
  const list = pageMeta({ ...headFields(loaderData?.head), url: blogPath });
  // The feed is announced once there is something in it: with no post the page stays as it always was.
  return loaderData?.hasPosts
    ? [
        ...list,
        {
          tagName: "link",
          rel: "alternate",
          type: "application/atom+xml",
          title: `The ${site.brand} blog`,
          href: blogFeedPath,
        },
      ]
    : list;
};

/**
 * All but the newsletter form is static: HTML made here (at build for /blog, and when a post is published
 * for /blog and each post's page), adopted as it is (app/features/static-html).
 */
export function loader({ params, context }: Route.LoaderArgs) {
  const slug = params["*"]?.replace(/\/+$/, "");
  const posts = publishedPosts(site, context);
  if (slug) {
    const post = posts.find((candidate) => candidate.slug === slug);
    // Only published posts are rendered; an unknown address is the server's (it redirects to /).
    if (!post) throw data(null, { status: 404 });
    return { post, hasPosts: false, body: staticMarkup(post.path, <PostArticle post={post} />), head: undefined };
  }
  const cards = posts.map(cardOf);
  return {
    post: undefined,
    hasPosts: cards.length > 0,
    body: staticMarkup(
      blogPath,
      cards.length ? <BlogList posts={cards} /> : <BlogEmpty body={renderContent("blog-home", site, context)} />,
    ),
    head: pageHead("head/blog", site, context),
  };
}

// A client-side link to an address under /blog that is no post (an unpublished one): the rule for unknown
// paths, requirements §2, as not-found.tsx applies it to the others.
export function ErrorBoundary() {
  return <Navigate to="/" replace />;
}

// The page as the browser runs it: its static part (the post, the list or the empty blog), then the newsletter.
export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaticHtml html={loaderData.body} />
      <NewsletterFurtherDown />
    </>
  );
}

function BlogList({ posts }: { posts: ReturnType<typeof cardOf>[] }) {
  return (
    <>
      <PageHeader eyebrow="Blog" title={`The ${site.brand} blog`} />
      <div className="container-page py-10 sm:py-14">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8" aria-label="Posts, newest first">
          {posts.map((post, index) => (
            <li key={post.slug} className={index === 0 ? "sm:col-span-2 lg:col-span-3" : undefined}>
              <PostCard post={post} featured={index === 0} />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

function BlogEmpty({ body }: { body: string }) {
  return (
    <>
      <PageHeader eyebrow="Blog" title={`The ${site.brand} blog`} />
      <div className="container-page py-12">
        {/* Top-aligned: a centred picture would move as the text beside it is parsed (see home.tsx). */}
        <section className="card grid gap-8 p-8 md:grid-cols-[12rem_1fr] md:p-12">
          <BlogMark className="mx-auto h-32 w-36 md:h-40 md:w-44" />
          <Markdown html={body} className="prose [&_h2]:mt-0" />
        </section>
      </div>
    </>
  );
}
