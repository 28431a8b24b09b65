// The console's frame (app/features/console): /admin and every section route under it (app/routes.ts).
// A client-only app: its one prerendered shell is the loading view, with no data; the session comes
// from the API in the browser (clientLoader), and signed out the frame shows the sign-in page.
import type { ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/admin";
import type { RouteHandle } from "#app/root.tsx";
import { brand } from "#app/features/console/brand.ts";
import { signedInAccount } from "#app/features/console/api.ts";
import { Console, ConsoleLoading } from "#app/features/console/Console.tsx";

// No site header, footer or toasts (the console draws its own), and no page views.
export const handle: RouteHandle = { standalone: true };

export const meta: Route.MetaFunction = () => [
  { title: `Console · ${brand}` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function clientLoader() {
  return { account: await signedInAccount() };
}

// Who is signed in is asked again only when the whole console reloads (after a sign-in), not on
// every move between sections or filters.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.href === nextUrl.href && defaultShouldRevalidate;

export function HydrateFallback() {
  return <ConsoleLoading />;
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  return <Console account={loaderData.account} />;
}
