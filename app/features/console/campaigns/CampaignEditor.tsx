/**
 * One campaign: subject, audience and markdown body beside a preview of the mail as it will
 * look (HTML and plain text), a test to the signed-in account's own address, and for an owner
 * the send, now or at a time; once sending, the counts (refreshed while mails go out).
 */
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { CampaignAnswer, CampaignListAnswer, CampaignPreviewAnswer, PostListAnswer } from "#common/console-api.ts";
import { api, load as loadAnswer, type Loaded } from "#app/features/console/api.ts";
import { count, dateTime } from "#app/features/console/format.ts";
import {
  buttonClass,
  Card,
  ErrorNote,
  inputClass,
  labelClass,
  PageTitle,
  secondaryButtonClass,
} from "#app/features/console/ui.tsx";
import { MarkdownEditor } from "#app/features/console/content/MarkdownEditor.tsx";
import { campaignsPath } from "./paths.ts";
import { StartFromPost } from "./StartFromPost.tsx";
import { CampaignStatus } from "./CampaignStatus.tsx";

const starter =
  "## A headline\n\nWhat is new, in a few short paragraphs.\n\n[Read more](https://www.tallyway.example/blog)\n";

/** What the editor opens with, asked at once by its route's loader. */
export interface CampaignEditorData {
  /** The campaign; none for a new one. */
  campaign?: Loaded<CampaignAnswer>;
  /** The sources a campaign can go to (subscribers who came from one). */
  sources: string[];
  /** The published posts a new campaign can start from. */
  posts: PostListAnswer["posts"];
}

export async function loadCampaignEditor(id: number | undefined): Promise<CampaignEditorData> {
  const [campaign, list, posts] = await Promise.all([
    id === undefined ? undefined : loadAnswer<CampaignAnswer>(`/campaigns/${id}`),
    loadAnswer<CampaignListAnswer>("/campaigns"),
    id === undefined ? loadAnswer<PostListAnswer>("/content/posts") : undefined,
  ]);
  return {
    campaign,
    sources: list.answer?.sources ?? [],
    posts: posts?.answer?.posts.filter((post) => post.item.publishedVersion !== null) ?? [],
  };
}

/** `role`: the signed-in account's; only an owner sends to subscribers. */
export function CampaignEditor({ id, data, role }: { id: number | undefined; data: CampaignEditorData; role: string }) {
  const navigate = useNavigate();
  const { sources } = data;
  const first = data.campaign?.answer;
  const [answer, setAnswer] = useState(first);
  const [subject, setSubject] = useState(first?.campaign.subject ?? "");
  const [source, setSource] = useState(first?.campaign.source ?? "");
  const [body, setBody] = useState(id === undefined ? starter : (first?.campaign.body ?? ""));
  const [revision, setRevision] = useState(0);
  const [error, setError] = useState(data.campaign?.error);
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [recipients, setRecipients] = useState<number | "unknown">();
  const [sendAt, setSendAt] = useState("");
  const preview = useLivePreview(subject, body, answer?.preview);

  const load = (next: CampaignAnswer, replaceText: boolean) => {
    setAnswer(next);
    if (!replaceText) return;
    setSubject(next.campaign.subject);
    setSource(next.campaign.source ?? "");
    setBody(next.campaign.body);
    setRevision((r) => r + 1);
  };

  // While mails go out, the counts are asked for again every few seconds.
  const counts = answer?.counts;
  const sending =
    answer !== undefined &&
    answer.campaign.status !== "draft" &&
    (!answer.campaign.enqueuedAt || counts!.sent + counts!.failed < counts!.queued);
  useEffect(() => {
    if (!sending || id === undefined) return;
    const timer = setInterval(
      () =>
        void api<CampaignAnswer>(`/campaigns/${id}`).then(
          (next) => load(next, false),
          () => {},
        ),
      3000,
    );
    return () => clearInterval(timer);
  }, [sending, id]);

  const status = answer?.campaign.status ?? "draft";
  const editable = status !== "sent" && !(answer && answer.counts.queued > 0);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      await work();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    run(async () => {
      const draft = { subject, body, source: source || null };
      if (id === undefined) {
        const created = await api<CampaignAnswer>("/campaigns", { method: "POST", body: draft });
        navigate(`${campaignsPath}/${created.campaign.id}`, { replace: true });
        return;
      }
      load(await api<CampaignAnswer>(`/campaigns/${id}`, { method: "PUT", body: draft }), false);
      setNotice("Draft saved.");
    });
  const sendTest = () =>
    run(async () => {
      const sent = await api<{ to: string }>(`/campaigns/${id}/test`, { method: "POST", body: {} });
      setNotice(`A test is on its way to ${sent.to}.`);
    });
  const send = (at?: string) =>
    run(async () => {
      load(
        await api<CampaignAnswer>(`/campaigns/${id}/send`, {
          method: "POST",
          body: at ? { at: new Date(at).toISOString() } : {},
        }),
        false,
      );
      setConfirming(false);
      setNotice(
        at
          ? `Scheduled for ${dateTime(new Date(at).toISOString())}.`
          : "Sending: the counts below fill as mails go out.",
      );
    });
  const unschedule = () =>
    run(async () => {
      load(await api<CampaignAnswer>(`/campaigns/${id}/unschedule`, { method: "POST", body: {} }), false);
      setNotice("Back to draft: it will not be sent.");
    });

  const changed =
    answer === undefined ||
    subject !== answer.campaign.subject ||
    body !== answer.campaign.body ||
    (source || null) !== answer.campaign.source;
  const audience = source ? `subscribers who came from ${source}` : "every confirmed subscriber";

  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={campaignsPath} className="font-semibold text-brand-700 hover:underline">
          ← All campaigns
        </Link>
      </p>
      <PageTitle
        title={id === undefined ? "New campaign" : answer?.campaign.subject || "Campaign"}
        description={
          answer
            ? `Last edited by ${answer.campaign.updatedBy}, ${dateTime(answer.campaign.updatedAt)}.`
            : "Write the newsletter in markdown; the preview shows the mail as subscribers will get it."
        }
        actions={answer && <CampaignStatus status={status} />}
      />
      <div className="space-y-4">
        <ErrorNote message={error} />
        {notice && (
          <p
            role="status"
            className="rounded-lg border border-emerald-600/30 bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
          >
            {notice}
          </p>
        )}
        {answer && status !== "draft" && <Counts answer={answer} />}
        <div className="grid gap-4 xl:grid-cols-2">
          <Card className="min-w-0 p-4 sm:p-5">
            <div className="space-y-4">
              {id === undefined && (
                <StartFromPost
                  posts={data.posts}
                  onStart={(start) => {
                    setSubject(start.subject);
                    setBody(start.body);
                    setRevision((r) => r + 1);
                  }}
                />
              )}
              <div>
                <label htmlFor="campaign-subject" className={labelClass}>
                  Subject
                </label>
                <input
                  id="campaign-subject"
                  className={inputClass}
                  value={subject}
                  maxLength={200}
                  disabled={!editable}
                  onChange={(event) => setSubject(event.target.value)}
                />
              </div>
              <div>
                <label htmlFor="campaign-source" className={labelClass}>
                  Send to
                </label>
                <select
                  id="campaign-source"
                  className={inputClass}
                  value={source}
                  disabled={!editable}
                  onChange={(event) => setSource(event.target.value)}
                >
                  <option value="">Every confirmed subscriber</option>
                  {sources.map((name) => (
                    <option key={name} value={name}>
                      Subscribers who came from {name}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <p id="campaign-body-label" className={labelClass}>
                  Text
                </p>
                <p className="mb-2 text-xs text-muted">
                  **Bold** between two asterisks, a link as [its words](https://…), a heading as a line starting with
                  ##. {"Hello {{firstName}},"} greets each subscriber by first name (just “Hello,” for those without
                  one).
                </p>
                <div className="overflow-hidden rounded-lg border border-slate-300">
                  {editable ? (
                    <MarkdownEditor
                      value={body}
                      revision={revision}
                      onChange={setBody}
                      label="Text of the newsletter"
                    />
                  ) : (
                    <pre className="max-h-96 overflow-auto p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
                      {body}
                    </pre>
                  )}
                </div>
              </div>
              {editable && (
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={changed ? buttonClass : secondaryButtonClass}
                    disabled={busy || !changed}
                    onClick={save}
                  >
                    {id === undefined ? "Save draft" : changed ? "Save changes" : "Saved"}
                  </button>
                  {id !== undefined && (
                    <button
                      type="button"
                      className={secondaryButtonClass}
                      disabled={busy || changed}
                      onClick={sendTest}
                    >
                      Send a test to me
                    </button>
                  )}
                </div>
              )}
            </div>
          </Card>
          <MailPreview preview={preview} />
        </div>
        {id !== undefined && editable && (
          <Card className="p-4 sm:p-5">
            <h2 className="text-base font-semibold text-ink">Send</h2>
            {role !== "owner" ? (
              <p className="mt-1 text-sm text-muted">
                An owner sends campaigns to subscribers. Save your draft and send yourself a test.
              </p>
            ) : (
              <>
                <p className="mt-1 text-sm text-muted">
                  To {audience}, paced by the mail server&rsquo;s rate, each with its own one-click unsubscribe link.
                  {changed && " Save your changes first."}
                </p>
                {status === "scheduled" && answer?.campaign.sendAt && (
                  <p className="mt-2 text-sm text-ink">
                    Scheduled for <strong>{dateTime(answer.campaign.sendAt)}</strong> by {answer.campaign.scheduledBy}.{" "}
                    <button
                      type="button"
                      className="font-semibold text-brand-700 hover:underline"
                      disabled={busy}
                      onClick={unschedule}
                    >
                      Withdraw
                    </button>
                  </p>
                )}
                <div className="mt-3 flex flex-wrap items-end gap-3">
                  {confirming ? (
                    <div role="group" aria-label="Confirm the send" className="flex flex-wrap items-center gap-2">
                      <span className="text-sm font-semibold text-ink">
                        Send to {audience} now?{" "}
                        {recipients === undefined
                          ? "Counting…"
                          : recipients === "unknown"
                            ? "The recipients could not be counted just now."
                            : `It goes to ${recipients === 1 ? "1 person" : `${count(recipients)} people`}.`}
                      </span>
                      <button type="button" className={buttonClass} disabled={busy} onClick={() => send()}>
                        Yes, send now
                      </button>
                      <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(false)}>
                        Cancel
                      </button>
                    </div>
                  ) : (
                    <button
                      type="button"
                      className={buttonClass}
                      disabled={busy || changed}
                      onClick={() => {
                        setRecipients(undefined);
                        setConfirming(true);
                        // Counted by the sender's own query, so the number is whom the send reaches.
                        void api<{ recipients: number }>(`/campaigns/${id}/recipients`).then(
                          (answer) => setRecipients(answer.recipients),
                          () => setRecipients("unknown"),
                        );
                      }}
                    >
                      Send now…
                    </button>
                  )}
                  <div className="flex flex-wrap items-end gap-2">
                    <div>
                      <label htmlFor="campaign-at" className={labelClass}>
                        Or at
                      </label>
                      <input
                        id="campaign-at"
                        type="datetime-local"
                        className={inputClass}
                        value={sendAt}
                        onChange={(event) => setSendAt(event.target.value)}
                      />
                    </div>
                    <button
                      type="button"
                      className={secondaryButtonClass}
                      disabled={busy || changed || !sendAt}
                      onClick={() => send(sendAt)}
                    >
                      Schedule
                    </button>
                  </div>
                </div>
              </>
            )}
          </Card>
        )}
      </div>
    </>
  );
}

function Counts({ answer }: { answer: CampaignAnswer }) {
  const { counts, campaign } = answer;
  const figures: [string, number][] = [
    ["Queued", counts.queued],
    ["Sent", counts.sent],
    ["Failed", counts.failed],
    ["Unsubscribed after", counts.unsubscribedAfter],
  ];
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-base font-semibold text-ink">
        {campaign.status === "scheduled" && counts.queued === 0
          ? `Scheduled for ${dateTime(campaign.sendAt)}`
          : campaign.enqueuedAt && counts.sent + counts.failed >= counts.queued
            ? `Sent ${dateTime(campaign.enqueuedAt)}`
            : "Sending"}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Campaign counts">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-surface px-3 py-2">
            <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
            <dd className="text-2xl font-bold text-ink tabular-nums">{count(value)}</dd>
          </div>
        ))}
      </dl>
      {counts.failures.length > 0 && (
        <div className="mt-3">
          <h3 className="text-sm font-semibold text-ink">What the mail server answered</h3>
          <ul className="mt-1 space-y-1 text-sm text-muted">
            {counts.failures.map((failure) => (
              <li key={failure.reason}>
                <code className="break-all">{failure.reason}</code> · {count(failure.count)}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs text-muted">
            An address refused for good is marked bounced and gets no further campaign.
          </p>
        </div>
      )}
    </Card>
  );
}

function MailPreview({ preview }: { preview: CampaignPreviewAnswer | undefined }) {
  const [tab, setTab] = useState<"html" | "text">("html");
  const tabClass = (active: boolean) =>
    `rounded-md px-3 py-1.5 text-sm font-semibold ${active ? "bg-white text-ink shadow-sm" : "text-muted hover:text-ink"}`;
  return (
    <Card className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-3 sm:px-5">
        <h2 className="text-base font-semibold text-ink">Preview</h2>
        <div role="tablist" aria-label="Part of the mail" className="flex gap-1 rounded-lg bg-surface p-1">
          <button
            type="button"
            role="tab"
            aria-selected={tab === "html"}
            className={tabClass(tab === "html")}
            onClick={() => setTab("html")}
          >
            HTML
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === "text"}
            className={tabClass(tab === "text")}
            onClick={() => setTab("text")}
          >
            Plain text
          </button>
        </div>
      </div>
      {!preview ? (
        <p className="px-5 py-10 text-center text-sm text-muted">The preview appears as you write.</p>
      ) : (
        <div role="tabpanel" aria-label={tab === "html" ? "HTML" : "Plain text"} className="px-4 py-4 sm:px-5">
          <dl className="mb-4 grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-2 gap-y-1 text-sm">
            <dt className="text-muted">From</dt>
            <dd className="break-words text-ink">{preview.from}</dd>
            <dt className="text-muted">Subject</dt>
            <dd className="font-semibold break-words text-ink">{preview.subject || "(no subject yet)"}</dd>
          </dl>
          {tab === "html" ? (
            <div className="rounded-lg border border-line p-4 sm:p-6">
              <div
                className="prose max-w-none break-words"
                onClick={(event) => event.preventDefault()}
                dangerouslySetInnerHTML={{ __html: preview.bodyHtml }}
              />
              <p className="mt-6 border-t border-line pt-3 text-xs text-muted">
                {preview.footer} <span className="underline">Unsubscribe</span>
              </p>
            </div>
          ) : (
            <pre className="overflow-auto rounded-lg border border-line bg-surface p-4 text-sm whitespace-pre-wrap break-words">
              {preview.text}
            </pre>
          )}
        </div>
      )}
    </Card>
  );
}

/** The mail as the server builds it, asked for a moment after typing stops. */
function useLivePreview(subject: string, body: string, saved: CampaignPreviewAnswer | undefined) {
  const [preview, setPreview] = useState<CampaignPreviewAnswer | undefined>(saved);
  useEffect(() => {
    if (!body.trim()) return;
    const timer = setTimeout(
      () =>
        void api<CampaignPreviewAnswer>("/campaigns/preview", {
          method: "POST",
          // The server refuses a blank subject (as a save would): until one is typed the preview says so.
          body: { subject: subject.trim() || "(no subject)", body },
        }).then(setPreview, () => {}),
      250,
    );
    return () => clearTimeout(timer);
  }, [subject, body]);
  return preview;
}
