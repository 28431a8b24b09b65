// The route table of requirements §2, one line per route. Every path here is prerendered; the files
// at the end are resource routes (a loader, no component), prerendered as they are.
import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("features", "routes/features.tsx"),
  route("features/project", "routes/feature.tsx", { id: "feature-project" }),
  route("features/resource", "routes/feature.tsx", { id: "feature-resource" }),
  route("features/time-expense-items", "routes/feature.tsx", { id: "feature-time-expense-items" }),
  route("features/time-expense-reports", "routes/feature.tsx", { id: "feature-time-expense-reports" }),
  route("features/billing", "routes/feature.tsx", { id: "feature-billing" }),
  route("features/time-off", "routes/feature.tsx", { id: "feature-time-off" }),
  route("features/payroll-integration", "routes/feature.tsx", { id: "feature-payroll-integration" }),
  route("products", "routes/products.tsx"),
  route("solutions", "routes/solutions.tsx"),
  // The list and every post (/blog/<slug>): one route, prerendered at /blog (react-router.config.ts).
  route("blog/*", "routes/blog.tsx"),
  route("blog/feed.xml", "routes/blog-feed.ts"),
  route("support", "routes/support.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("security", "routes/security.tsx"),
  route("demo", "routes/demo.tsx"),
  route("demo-timesheet", "routes/demo-video.tsx", { id: "demo-timesheet" }),
  route("demo-timer", "routes/demo-video.tsx", { id: "demo-timer" }),
  route("demo-new-te", "routes/demo-video.tsx", { id: "demo-new-te" }),
  route("demo-project-allocation", "routes/demo-project-allocation.tsx"),
  route("demo-classic", "routes/demo-classic.tsx"),
  route("about", "routes/about.tsx"),
  route("media", "routes/media.tsx"),
  // The console (app/features/console, its route layout in its README): a client-only frame with a
  // route per section, each loading its data in the browser (clientLoader). Only its shell at /admin
  // is prerendered (react-router.config.ts); the server answers every /admin path with it. The
  // sections' modules are named console-* so the service worker's precache leaves them out.
  route("admin", "routes/admin.tsx", [
    route("leads", "routes/console-leads.tsx"),
    route("subscribers", "routes/console-subscribers.tsx"),
    route("usage", "routes/console-usage.tsx"),
    route("content", "routes/console-content.tsx"),
    // A key may hold slashes (proof/…), hence the splat.
    route("content/*", "routes/console-content-entry.tsx"),
    route("posts", "routes/console-posts.tsx"),
    route("posts/:slug", "routes/console-post.tsx"),
    route("images", "routes/console-images.tsx"),
    route("campaigns", "routes/console-campaigns.tsx"),
    route("campaigns/import", "routes/console-campaigns-import.tsx"),
    // A campaign's id, or "new".
    route("campaigns/:id", "routes/console-campaign.tsx"),
    route("requests", "routes/console-requests.tsx"),
    route("audit", "routes/console-audit.tsx"),
    // /admin itself and any other path under it: the frame sends the user on to their first section.
    route("*", "routes/console-elsewhere.tsx"),
  ]),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("site.webmanifest", "routes/web-manifest.ts"),
  route("favicon.svg", "routes/favicon.ts"),
  route(".well-known/security.txt", "routes/security-txt.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
