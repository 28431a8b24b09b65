import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { consolePath, isConsolePath } from "./common/console.ts";
import { blogPath } from "./common/post-keys.ts";
import { loadSiteConfig } from "./common/site.ts";

export default {
  // A static site: every route of app/routes.ts is rendered to HTML at build time and
  // hydrated in the browser; the Node server in server/ only serves files and the API.
  ssr: false,
  // A route module stays one file (its clientLoader and HydrateFallback are not split off): the console's
  // section routes are its only client loaders, and their split chunks would re-cut the chunks every
  // public page shares into smaller ones that weigh more (tests/gates/budget.test.ts).
  splitRouteModules: false,
  // Every static path of app/routes.ts; the catch-all "*" is not a page (the server redirects
  // unknown paths to /), so it is left out here rather than warned about by `prerender: true`.
  // The console has one shell, at /admin (the server answers every path under it with that file):
  // its sections' paths are left out, and /admin itself (the frame with no section) is named.
  // /blog is the splat route "blog/*" (its posts are rendered when published), so it is named here too.
  prerender: ({ getStaticPaths }) => [
    ...getStaticPaths().filter((urlPath) => !isConsolePath(urlPath)),
    blogPath,
    consolePath,
  ],
  // After prerendering, the steps of scripts/build-steps/steps.ts finish build/client in order.
  async buildEnd({ reactRouterConfig }) {
    const { finishBuild } = await import("./scripts/build-steps/steps.ts");
    await finishBuild({
      dir: path.join(reactRouterConfig.buildDirectory, "client"),
      site: loadSiteConfig(process.env),
    });
  },
} satisfies Config;
