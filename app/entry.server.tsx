/**
 * Build-time only: with `ssr: false` this renders the prerendered pages and never runs in
 * production. It differs from React Router's default in one thing: it always waits for
 * `onAllReady`, with no progressive chunking. The default streams from `onShellReady` for anything that is not a bot, which
 * for a prerender leaves every lazy component (the home page's newsletter form) in a
 * `<div hidden>` that only an inline script reveals: invisible without JavaScript, and
 * a late reveal plus layout on every page load (React batches those reveals).
 */
import { PassThrough } from "node:stream";
import type { EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { blogHasPosts } from "#app/features/blog/posts.server.ts";
import type { ContentContext } from "#app/features/content/published-content.ts";
import { shellHtml } from "#app/features/shell/ShellContent.server.tsx";
import { ShellHtml } from "#app/features/shell/shell-html.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  // The loaders' context: the published content at a publish's re-render, none while the build prerenders.
  loadContext?: ContentContext,
) {
  // The shell's static parts (app/features/shell/shell-html.ts): rendered here, not by a loader, so the
  // HTML is in the document once and not again in the hydration data (docs/hydration-plan.md, step 4).
  const { pathname } = new URL(request.url);
  const shell = shellHtml(pathname, blogHasPosts(loadContext));
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const page = (
      <ShellHtml.Provider value={shell}>
        <ServerRouter context={routerContext} url={request.url} />
      </ShellHtml.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      // Past this many bytes React 19.2 outlines completed boundaries too; a static page has
      // no reason to ("$RC" would still move them into place after parsing).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeout);
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
      },
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    });
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

// The server's re-render after a publish (server/content/page-renderer.ts) hands published text to
// the loaders under this context: it must be the object of this bundle, so the bundle exports it.
export { publishedContentContext } from "#app/features/content/published-content.ts";
// The console's preview of a draft (server/content/preview.ts) uses the pages' own markdown pipeline.
export { renderDraft } from "#app/features/content/content.server.ts";
