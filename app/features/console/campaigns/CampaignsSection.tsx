/**
 * The console's campaigns section: the newsletters with their state and counts (/admin/campaigns,
 * route app/routes/console-campaigns.tsx). One campaign's editor is CampaignEditor.tsx
 * (/admin/campaigns/<id>, or /new) and the import SubscriberImport.tsx (/admin/campaigns/import).
 * Owners and editors write and send tests to their own address; only an owner sends to
 * subscribers or imports them.
 */
import { Link } from "react-router";
import type { CampaignListAnswer } from "#common/console-api.ts";
import { load, type Loaded } from "#app/features/console/api.ts";
import { count, dateTime } from "#app/features/console/format.ts";
import { buttonClass, Card, Empty, ErrorNote, PageTitle, secondaryButtonClass } from "#app/features/console/ui.tsx";
import { CampaignStatus } from "./CampaignStatus.tsx";
import { campaignsPath } from "./paths.ts";

/** The route loader's call: every campaign with its counts. */
export const loadCampaigns = () => load<CampaignListAnswer>("/campaigns");

export function CampaignList({
  loaded: { answer: list, error },
  owner,
}: {
  loaded: Loaded<CampaignListAnswer>;
  owner: boolean;
}) {
  return (
    <>
      <PageTitle
        title="Campaigns"
        description="Newsletters to confirmed subscribers, sent through the site's own mail server. Write one, preview it, send a test to yourself, then an owner sends it now or at a time."
        actions={
          <>
            {owner && (
              <Link to={`${campaignsPath}/import`} className={secondaryButtonClass}>
                Import subscribers
              </Link>
            )}
            <Link to={`${campaignsPath}/new`} className={buttonClass}>
              New campaign
            </Link>
          </>
        }
      />
      <ErrorNote message={error} />
      <Card>
        {list && list.campaigns.length === 0 && <Empty>No campaign yet.</Empty>}
        {list && list.campaigns.length > 0 && (
          <ul className="divide-y divide-line" aria-label="Campaigns">
            {list.campaigns.map((campaign) => (
              <li key={campaign.id}>
                <Link
                  to={`${campaignsPath}/${campaign.id}`}
                  className="grid gap-x-4 gap-y-1 px-4 py-3 hover:bg-surface sm:grid-cols-[minmax(0,1fr)_7rem_minmax(0,16rem)] sm:items-center sm:px-5"
                >
                  <span className="min-w-0">
                    <span className="block font-semibold break-words text-ink">{campaign.subject}</span>
                    <span className="block text-xs text-muted">
                      {campaign.source ? `Subscribers from ${campaign.source}` : "Every confirmed subscriber"} ·{" "}
                      {campaign.status === "draft"
                        ? `edited ${dateTime(campaign.updatedAt)}`
                        : `sent ${dateTime(campaign.sendAt)}`}
                    </span>
                  </span>
                  <span>
                    <CampaignStatus status={campaign.status} />
                  </span>
                  <span className="text-xs text-muted tabular-nums">
                    {campaign.status === "draft"
                      ? "Not sent"
                      : `${count(campaign.counts.sent)} of ${count(campaign.counts.queued)} sent · ${count(campaign.counts.failed)} failed · ${count(campaign.counts.unsubscribedAfter)} unsubscribed`}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
