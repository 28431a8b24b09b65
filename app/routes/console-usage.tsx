// The console's usage report (/admin/usage, app/features/console/Usage.tsx): the period and filter in the URL.
import type { Route } from "./+types/console-usage";
import { ifSignedIn, type Account } from "#app/features/console/api.ts";
import { loadUsage, Usage } from "#app/features/console/Usage.tsx";

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => ifSignedIn(() => loadUsage(new URL(request.url)));

export default function UsageRoute({ loaderData, matches }: Route.ComponentProps) {
  // Who is signed in, from the frame's loader (app/routes/admin.tsx).
  const account = (matches[1]?.loaderData as { account?: Account } | undefined)?.account;
  return loaderData ? <Usage account={account} loaded={loaderData} /> : null;
}
