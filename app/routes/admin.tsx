// The console (app/features/console): every path under /admin; its prerendered shell holds no data.
import type { Route } from "./+types/admin";
import type { RouteHandle } from "#app/root.tsx";
import { brand } from "#app/features/console/brand.ts";
import { Console } from "#app/features/console/Console.tsx";

// No site header, footer or toasts (the console draws its own), and no page views.
export const handle: RouteHandle = { standalone: true };

export const meta: Route.MetaFunction = () => [
  { title: `Console · ${brand}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Admin() {
  return <Console />;
}
