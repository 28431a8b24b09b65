// The console's subscribers (/admin/subscribers, app/features/console/Subscribers.tsx): the filter and page in the URL.
import { useRevalidator } from "react-router";
import { ifSignedIn } from "#app/features/console/api.ts";
import type { Route } from "./+types/console-subscribers";
import { loadSubscribers, Subscribers } from "#app/features/console/Subscribers.tsx";

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  ifSignedIn(() => loadSubscribers(new URL(request.url)));

export default function SubscribersRoute({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  return loaderData ? <Subscribers loaded={loaderData} reload={() => void revalidate()} /> : null;
}
