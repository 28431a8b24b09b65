import type { Config } from "@react-router/dev/config";

export default {
  // A static site: every route of app/routes.ts is rendered to HTML at build time and
  // hydrated in the browser; the Node server in server/ only serves files and the API.
  ssr: false,
  prerender: true,
} satisfies Config;
