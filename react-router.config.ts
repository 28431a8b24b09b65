import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { consolePath } from "./common/console.ts";
import { blogPath } from "./common/post-keys.ts";
import { loadSiteConfig } from "./common/site.ts";

export default {
  // A static site: every route of app/routes.ts is rendered to HTML at build time and
  // hydrated in the browser; the Node server in server/ only serves files and the API.
  ssr: false,
  // Every static path of app/routes.ts; the catch-all "*" is not a page (the server redirects
  // unknown paths to /), so it is left out here rather than warned about by `prerender: true`.
  // The console's one shell (its "admin/*" route has no static path of its own) is added by name.
  // /blog is the splat route "blog/*" (its posts are rendered when published), so it is named here too.
  prerender: ({ getStaticPaths }) => [...getStaticPaths(), blogPath, consolePath],
  // After prerendering, the steps of scripts/build-steps/steps.ts finish build/client in order.
  async buildEnd({ reactRouterConfig }) {
    const { finishBuild } = await import("./scripts/build-steps/steps.ts");
    await finishBuild({
      dir: path.join(reactRouterConfig.buildDirectory, "client"),
      site: loadSiteConfig(process.env),
    });
  },
} satisfies Config;
