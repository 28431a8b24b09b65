// One campaign's editor (/admin/campaigns/<id>, or /new): app/features/console/campaigns/CampaignEditor.tsx.
import { redirect, useOutletContext } from "react-router";
import { ifSignedIn, type Account } from "#app/features/console/api.ts";
import { CampaignEditor, loadCampaignEditor } from "#app/features/console/campaigns/CampaignEditor.tsx";
import { campaignsPath } from "#app/features/console/campaigns/paths.ts";
import type { Route } from "./+types/console-campaign";

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  if (params.id !== "new" && !/^\d+$/.test(params.id)) throw redirect(campaignsPath);
  const id = params.id === "new" ? undefined : Number(params.id);
  const data = await ifSignedIn(() => loadCampaignEditor(id));
  return data && { id, data };
}

export default function Campaign({ loaderData }: Route.ComponentProps) {
  // The frame's account (app/features/console/Console.tsx): only an owner sends.
  const account = useOutletContext<Account>();
  if (!loaderData) return null;
  const { id, data } = loaderData;
  // One editor a campaign: a new one saved for the first time opens afresh under its id.
  return <CampaignEditor key={id ?? "new"} id={id} data={data} role={account.role} />;
}
