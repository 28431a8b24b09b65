// The console's leads inbox (/admin/leads, app/features/console/LeadsInbox.tsx): the filter and the open lead in the URL.
import { useRevalidator } from "react-router";
import { ifSignedIn } from "#app/features/console/api.ts";
import type { Route } from "./+types/console-leads";
import { LeadsInbox, loadLeads } from "#app/features/console/LeadsInbox.tsx";

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => ifSignedIn(() => loadLeads(new URL(request.url)));

export default function Leads({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  // Signed out the loader asked nothing, and the frame shows the sign-in page instead.
  return loaderData ? <LeadsInbox data={loaderData} reload={() => void revalidate()} /> : null;
}
