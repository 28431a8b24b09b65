/**
 * Renders a prerendered page again with published content, as `react-router build` does: the build's
 * own server bundle (never the build's code) answers the page's data and document requests.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { inlineSources, type CspManifest } from "#common/csp-hashes.ts";
import { paintFirst } from "#common/paint-first.ts";
import type { PublishedContent } from "#common/content-keys.ts";
import type { SiteConfig } from "#common/site.ts";

/** A page and its route data as the build writes them, before the build's steps. */
export interface RenderedPage {
  urlPath: string;
  html: string;
  /** URL path of the route data ("/about.data", "/_.data" for the home page). */
  dataPath: string;
  data: string;
}

export class RenderError extends Error {
  override name = "RenderError";
}

/** Where the build put its server bundle, beside the client folder the server serves. */
export const serverBuildFileOf = (clientDir: string) =>
  path.join(path.dirname(path.resolve(clientDir)), "server", "index.js");

/** The route-data URL the build fetches for a page (React Router's prerender: "/" has "/_.data"). */
export const dataPathOf = (urlPath: string) => (urlPath === "/" ? "/_.data" : `${urlPath}.data`);

/** A file route the build prerenders (/sitemap.xml, /blog/feed.xml): a name with an extension. */
export const isFilePath = (urlPath: string) => /\.[a-z0-9]+$/i.test(urlPath);

export type PageRenderer = ((urlPath: string, published: PublishedContent) => Promise<RenderedPage>) & {
  /** A file route's body (a loader's Response), rendered as the build prerendered it. */
  file(urlPath: string, published: PublishedContent): Promise<string>;
  /** A draft's markdown as the pages render it (the bundle's renderDraft; absent from an older build). */
  draft?: (key: string, body: string, site: SiteConfig) => string;
};

/** Loads the build's server bundle once; each call renders one page with the given published content. */
export async function loadPageRenderer(serverBuildFile: string): Promise<PageRenderer> {
  if (!existsSync(serverBuildFile))
    throw new RenderError(`No server bundle at ${serverBuildFile}: run "npm run build"`);
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  const { publishedContentContext: contentContext, renderDraft } = build.entry.module as {
    publishedContentContext?: Parameters<RouterContextProvider["set"]>[0];
    renderDraft?: PageRenderer["draft"];
  };
  if (!contentContext)
    throw new RenderError(`${serverBuildFile} exports no publishedContentContext: it is an older build; rebuild`);
  // The loaders' errors by request, so a failed render says why ("unknown placeholder {{x}}") and
  // nothing is written to the console by React Router's default handler.
  const errors = new WeakMap<Request, unknown>();
  const handleError = (error: unknown, { request }: { request: Request }) =>
    void (errors.has(request) || errors.set(request, error));
  // With `ssr: false` the handler answers only the paths the build prerendered; a blog post's page
  // is one the build could not know, so each path asked for here joins that list.
  const prerender = [...build.prerender];
  const handler = createRequestHandler(
    { ...build, prerender, entry: { module: { ...build.entry.module, handleError } } },
    "production",
  );
  const allow = (urlPath: string) => void (prerender.includes(urlPath) || prerender.push(urlPath));
  const contextWith = (published: PublishedContent) => {
    const context = new RouterContextProvider();
    context.set(contentContext, published);
    return context;
  };
  const fetchText = async (url: string, published: PublishedContent) => {
    const request = new Request(`http://localhost${url}`);
    const response = await handler(request, contextWith(published));
    const text = await response.text();
    if (response.status !== 200 && response.status !== 202) {
      const cause = errors.get(request);
      const why = cause instanceof Error ? cause.message : `status ${response.status}`;
      throw new RenderError(`${url} cannot be rendered: ${why}`, { cause });
    }
    return text;
  };
  const renderPage = async (urlPath: string, published: PublishedContent): Promise<RenderedPage> => {
    allow(urlPath);
    const dataPath = dataPathOf(urlPath);
    // The build hands the data to the document request in a header, which the handler reads only
    // while building; here the loaders run again with the same content, and give the same data.
    const data = await fetchText(dataPath, published);
    const html = await fetchText(`${urlPath}/`.replace(/\/\/+/g, "/"), published);
    return { urlPath, html, dataPath, data };
  };
  return Object.assign(renderPage, {
    file: (urlPath: string, published: PublishedContent) => fetchText(urlPath, published),
    draft: renderDraft,
  });
}

/** Loads the renderer on its first use; a failed load (no build yet) is tried again on the next. */
export function rendererOnce(serverBuildFile: string): () => Promise<PageRenderer> {
  let loading: Promise<PageRenderer> | undefined;
  return () =>
    (loading ??= loadPageRenderer(serverBuildFile).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/** A rendered file route's bytes (the server compresses what it serves: common/compress.ts). */
export const finishFile = (urlPath: string, text: string) => ({ urlPath, body: Buffer.from(text, "utf8") });

/** The build's per-page steps; an inline style the policy does not allow is refused (the build lists them all). */
export function finishPage(page: RenderedPage, manifest: Pick<CspManifest, "styles" | "styleAttributes">) {
  const html = paintFirst(page.html);
  const sources = inlineSources(html);
  const unknownStyle = sources.styles.find((style) => !manifest.styles.includes(style));
  if (unknownStyle) throw new RenderError(`${page.urlPath}: an inline style the build did not allow (${unknownStyle})`);
  if (sources.styleAttributes && !manifest.styleAttributes)
    throw new RenderError(`${page.urlPath}: a style attribute the build did not allow`);
  return {
    urlPath: page.urlPath,
    html: Buffer.from(html, "utf8"),
    dataPath: page.dataPath,
    data: Buffer.from(page.data, "utf8"),
    scriptHashes: sources.scripts,
  };
}

/** A page ready to serve: its document's and its data's bytes, and the page's inline-script hashes. */
export type FinishedPage = ReturnType<typeof finishPage>;
