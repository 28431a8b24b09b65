import { Suspense, type ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import brandFontUrl from "./features/brand-type/inter-latin-wght-400-700.woff2?url";
import { brandColors } from "#common/brand.ts";
import { Measurement } from "#app/features/measurement/Measurement.tsx";
import { PageTransition } from "#app/features/shell/PageTransition.tsx";
import { SiteFooter } from "#app/features/shell/SiteFooter.tsx";
import { SiteHeader } from "#app/features/shell/SiteHeader.tsx";
import { Toaster } from "#app/features/shell/Toaster.tsx";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
  // The brand font (app/features/brand-type) is fetched with the stylesheet, not after it is parsed.
  { rel: "preload", href: brandFontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

/**
 * What a route may say about the document around it (its `handle` export). `standalone`: the
 * route draws its own chrome, has no page transition and is not measured (the console,
 * routes/admin.tsx). Read from the matched routes, so nothing of the console is imported into the
 * public pages' code.
 */
export interface RouteHandle {
  standalone?: true;
}
const useStandalone = () => useMatches().some((match) => (match.handle as RouteHandle | undefined)?.standalone);

/**
 * The document shell of every page: skip link, header, main, footer.
 *
 * Header, page and footer are each a Suspense boundary although nothing in them suspends: React
 * hydrates a boundary from the server HTML in its own later render at low priority, which yields to
 * the browser every few milliseconds. Without them the whole page hydrates in one task of 100–170 ms
 * on a throttled phone CPU, which a visitor feels as a page that ignores the first tap, and which
 * Lighthouse counts as blocking time. A tap on a boundary not yet hydrated hydrates it at once and
 * is replayed, so nothing is lost.
 */
export function Layout({ children }: { children: ReactNode }) {
  const siteChrome = !useStandalone();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={brandColors.brand600} />
        <Meta />
        <Links />
      </head>
      <body id="top" className="flex min-h-screen flex-col">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        {siteChrome && (
          <Suspense>
            <SiteHeader />
          </Suspense>
        )}
        <main id="main" tabIndex={-1} className="flex-1 overflow-x-clip">
          <Suspense>{children}</Suspense>
        </main>
        {siteChrome && (
          <Suspense>
            <SiteFooter />
          </Suspense>
        )}
        {siteChrome && <Toaster />}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // Console visits are not page views: the measurement (and the service worker it registers) stays off there.
  const standalone = useStandalone();
  return (
    <>
      {!standalone && <Measurement />}
      {standalone ? (
        <Outlet />
      ) : (
        <PageTransition>
          <Outlet />
        </PageTransition>
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong";
  return (
    <div className="container-page py-16">
      <h1 className="page-title">{title}</h1>
      <p className="mt-4 text-lg text-muted">
        Please go back to the{" "}
        <a className="text-brand-700 underline" href="/">
          home page
        </a>
        .
      </p>
    </div>
  );
}
