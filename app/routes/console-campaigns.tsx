// The console's campaigns (/admin/campaigns): app/features/console/campaigns/CampaignsSection.tsx.
import { useOutletContext } from "react-router";
import { ifSignedIn, type Account } from "#app/features/console/api.ts";
import { CampaignList, loadCampaigns } from "#app/features/console/campaigns/CampaignsSection.tsx";
import type { Route } from "./+types/console-campaigns";

export const clientLoader = () => ifSignedIn(loadCampaigns);

export default function Campaigns({ loaderData }: Route.ComponentProps) {
  // The frame's account (app/features/console/Console.tsx): only an owner imports subscribers.
  const account = useOutletContext<Account>();
  return loaderData ? <CampaignList loaded={loaderData} owner={account.role === "owner"} /> : null;
}
