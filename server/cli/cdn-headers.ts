/** `npm run -s cdn-headers > _headers`: the server's headers for the build's files, for a CDN. */
import path from "node:path";
import { ConfigError, loadSiteConfig } from "#common/site.ts";
import { cdnHeaders } from "../cdn-headers.ts";
import { checkBuild } from "../startup.ts";
import { StartupError } from "../startup-error.ts";
import { exitQuietlyOnClosedPipe, fail, readOptions } from "./command-line.ts";
import { commandOutput } from "./npm-banner.ts";

exitQuietlyOnClosedPipe();

const usage = `
Usage: npm run -s cdn-headers -- [--build-dir DIR] > _headers

Writes the headers the server sends with each file of the build (Content-Security-Policy with
each page's own script hashes, the other security headers, Cache-Control) as a _headers file,
the format Netlify and Cloudflare Pages read, for serving the pages from a CDN. Run it after
every build, with the same site variables (SITE_URL, …) as the server, and upload it with the
files; it is not served by this server.
  --build-dir DIR   the build (default: BUILD_DIR or build/client)
  -h, --help        this text`;

const { values } = readOptions(
  process.argv.slice(2),
  { "build-dir": { type: "string", default: process.env.BUILD_DIR ?? "build/client" } },
  { usage, command: "npm run cdn-headers" },
);
const buildDir = path.resolve(values["build-dir"]);
try {
  checkBuild(buildDir);
  commandOutput()(cdnHeaders(loadSiteConfig(process.env), buildDir));
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof StartupError)) throw error;
  fail(error.message.replace(/\n\s*/g, " "));
}
