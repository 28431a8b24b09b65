import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";

/**
 * A route's static part as HTML, rendered in its loader (at build and at a publish's re-render,
 * server/content/page-renderer.ts), so its components' code never reaches the browser. Links
 * render as in the page (StaticRouter gives them their href); ids are prefixed apart from the
 * page's own `useId` ids.
 */
export const staticMarkup = (urlPath: string, element: ReactElement) =>
  renderToStaticMarkup(<StaticRouter location={urlPath}>{element}</StaticRouter>, { identifierPrefix: "s-" });
