// The console's campaigns (/admin/campaigns, /new, /import, /<id>): app/features/console/campaigns/CampaignsSection.tsx.
import CampaignsSection from "#app/features/console/campaigns/CampaignsSection.tsx";

export default function Campaigns() {
  return <CampaignsSection />;
}
