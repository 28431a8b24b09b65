/**
 * The editor of one content key: CodeMirror beside a live preview in the site's own markdown styles,
 * the checks before publishing, publish now or at a time, and the history with a side-by-side diff
 * and restore. The logic is editorReducer's (editor-state.ts); this renders it and makes the calls.
 */
import { useEffect, useMemo, useReducer, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { consoleApiPath, consolePath } from "#common/console.ts";
import type {
  ContentEntryAnswer,
  ContentListAnswer,
  ContentVersionAnswer,
  DeliveryState,
} from "#common/console-api.ts";
import { api, ApiError, load, queryOf, type Loaded } from "#app/features/console/api.ts";
import { dateTime } from "#app/features/console/format.ts";
import { DeliveryCard } from "#app/features/console/DeliveryCard.tsx";
import {
  buttonClass,
  Card,
  ErrorNote,
  inputClass,
  labelClass,
  secondaryButtonClass,
} from "#app/features/console/ui.tsx";
import { isSlotKey, keyTitle, slotPlaces, whereShown, type EditableKey } from "#common/content-keys.ts";
import { isStructuredKey, schemaOf, structuredWarnings } from "#common/content-schemas.ts";
import { isPostKey } from "#common/post-keys.ts";
import { placementSummary } from "#common/proof-places.ts";
import { unknownPlaceholders } from "#common/placeholders.ts";
import { newPostText, postFieldsOf } from "#common/posts.ts";
import { checkMarkdown, type Finding } from "./checks.ts";
import { diffRows } from "./diff-rows.ts";
import { editorReducer, initialEditorState, isDirty, textAtRisk, type Notice } from "./editor-state.ts";
import { LeaveGuard } from "./LeaveGuard.tsx";
import { StatusPill } from "./StatusPill.tsx";
import { StructuredForm } from "./StructuredForm.tsx";
import { TextEditor } from "./TextEditor.tsx";
import { labelledText, problemsByField } from "./structured-entries.ts";
import { useAutosave } from "./useAutosave.ts";

type Answer = { entry: ContentEntryAnswer };
const noticeClass: Record<Notice["tone"], string> = {
  good: "border-emerald-600/30 bg-emerald-50 text-emerald-800",
  warn: "border-amber-600/30 bg-amber-50 text-amber-900",
  bad: "border-danger-600/30 bg-danger-50 text-danger-700",
};

/** What an editor opens with, asked at once by its route's loader: the entry, and the site's pages for the link check. */
export interface EditorData {
  entry: Loaded<ContentEntryAnswer>;
  sitePaths: readonly string[];
}

export async function loadEditorData(key: EditableKey): Promise<EditorData> {
  const [entry, list] = await Promise.all([
    load<ContentEntryAnswer>(`/content/entry${queryOf({ key })}`),
    load<ContentListAnswer>("/content"),
  ]);
  return { entry, sitePaths: list.answer?.sitePaths ?? [] };
}

export function ContentEditor({
  contentKey,
  data,
  newTitle,
  newAuthor,
}: {
  contentKey: EditableKey;
  data: EditorData;
  /** A new post's title, typed on the posts page: the editor starts from it. */
  newTitle?: string;
  /** The signed-in person's name: a new post's author to start with. */
  newAuthor?: string;
}) {
  const { sitePaths } = data;
  // Opened with the loader's answer; a later revalidation (after a sign-in) leaves the text alone.
  const [state, dispatch] = useReducer(editorReducer, data.entry, ({ answer: entry, error }) => {
    if (!entry) return editorReducer(initialEditorState, { type: "load-failed", message: error });
    const opened = editorReducer(initialEditorState, { type: "loaded", entry });
    if (!newTitle || entry.latest) return opened;
    const today = new Date().toISOString().slice(0, 10);
    return editorReducer(opened, { type: "edited", text: newPostText(newTitle, today, newAuthor) });
  });
  const [historyTick, setHistoryTick] = useState(0);
  const reload = () => api<ContentEntryAnswer>(`/content/entry${queryOf({ key: contentKey })}`);

  // A structured key is edited as a form and previewed on its real page; markdown has a live preview.
  const structured = isStructuredKey(contentKey) ? contentKey : undefined;
  const post = isPostKey(contentKey);
  const ready = state.phase !== "loading" && state.phase !== "unavailable";
  // A post's text is markdown inside its JSON: previewed and checked as any markdown.
  const postBody = post && ready ? (postFieldsOf(state.text)?.body ?? "") : undefined;
  const preview = useLivePreview(contentKey, ready && !structured ? state.text : postBody || undefined);
  // What the save would refuse (server/content/validation.ts), said under the text as it is typed.
  const placeholderProblems = useMemo(
    () => (ready && !structured ? unknownPlaceholders(state.text).map((problem) => problem.text) : []),
    [state, ready, structured],
  );
  // What the server refuses to publish is marked `refused`: only the rest can be published anyway.
  const findings = useMemo((): Finding[] => {
    if (!ready) return [];
    if (structured)
      return [
        ...problemsByField(structured, state.text).all.map((text) => ({ line: 0, text, refused: true as const })),
        ...structuredWarnings(structured, state.text).map((text) => ({ line: 0, text })),
        ...(postBody
          ? checkMarkdown(postBody, sitePaths).map((finding) => ({
              ...finding,
              text: `Text, line ${finding.line}: ${finding.text}`,
              line: 0,
            }))
          : []),
      ];
    return [
      ...placeholderProblems.map((text) => ({ line: 0, text, refused: true as const })),
      ...checkMarkdown(state.text, sitePaths),
    ];
  }, [state, sitePaths, ready, structured, postBody, placeholderProblems]);
  const title = keyTitle(contentKey);
  // What is typed is kept on the server every few seconds; leaving before it is asks first.
  const atRisk = textAtRisk(state);
  const autosave = useAutosave(contentKey, atRisk, "baseVersion" in state ? state.baseVersion : 0, dispatch);

  if (state.phase === "loading")
    return (
      <p className="text-sm text-muted" aria-busy="true">
        Loading the text…
      </p>
    );
  if (state.phase === "unavailable") return <ErrorNote message={state.message} />;

  const dirty = isDirty(state);
  const busy = state.phase !== "editing";
  const { item } = state.entry;

  const save = async () => {
    dispatch({ type: "save-started" });
    // The save drops the copy kept as typed: no keeping call may land after it.
    await autosave.settled();
    try {
      const answer = await api<Answer>("/content/save", {
        method: "POST",
        body: { key: contentKey, body: state.text, baseVersion: state.baseVersion },
      });
      dispatch({ type: "saved", entry: answer.entry });
      setHistoryTick((n) => n + 1);
      return answer.entry;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) dispatch({ type: "conflicted", message: error.message });
      else dispatch({ type: "failed", message: (error as Error).message });
      return undefined;
    }
  };
  const discard = async () => {
    await autosave.settled();
    try {
      const answer = await api<Answer>("/content/discard-autosave", { method: "POST", body: { key: contentKey } });
      dispatch({ type: "discarded", entry: answer.entry });
    } catch (error) {
      dispatch({ type: "failed", message: (error as Error).message });
    }
  };
  const rebase = async () => {
    try {
      dispatch({ type: "rebased", entry: await reload() });
      setHistoryTick((n) => n + 1);
    } catch (error) {
      dispatch({ type: "failed", message: (error as Error).message });
    }
  };
  const publish = async (at: string | undefined) => {
    let version = state.baseVersion;
    if (dirty || version === 0) {
      const saved = await save();
      if (!saved?.latest) return;
      version = saved.latest.version;
    }
    dispatch({ type: "publish-started" });
    try {
      const answer = await api<Answer>("/content/publish", {
        method: "POST",
        body: { key: contentKey, version, at: at ? new Date(at).toISOString() : undefined },
      });
      dispatch({ type: "published", entry: answer.entry });
      setHistoryTick((n) => n + 1);
    } catch (error) {
      dispatch({ type: "failed", message: (error as Error).message });
    }
  };
  const unpublish = async () => {
    dispatch({ type: "publish-started" });
    try {
      const answer = await api<Answer>("/content/unpublish", { method: "POST", body: { key: contentKey } });
      dispatch({ type: "unpublished", entry: answer.entry });
    } catch (error) {
      dispatch({ type: "failed", message: (error as Error).message });
    }
  };
  const unschedule = async () => {
    dispatch({ type: "publish-started" });
    try {
      const answer = await api<Answer>("/content/unschedule", { method: "POST", body: { key: contentKey } });
      dispatch({ type: "unscheduled", entry: answer.entry });
      setHistoryTick((n) => n + 1);
    } catch (error) {
      dispatch({ type: "failed", message: (error as Error).message });
    }
  };
  const restore = async (version: number) => {
    dispatch({ type: "restore-started" });
    try {
      const answer = await api<Answer>("/content/restore", { method: "POST", body: { key: contentKey, version } });
      dispatch({ type: "restored", entry: answer.entry });
      setHistoryTick((n) => n + 1);
    } catch (error) {
      dispatch({ type: "failed", message: (error as Error).message });
    }
  };

  return (
    <div className="space-y-6">
      <LeaveGuard atRisk={atRisk} keep={autosave.keep} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <Link
            to={`${consolePath}/${post ? "posts" : "content"}`}
            className="text-sm font-semibold text-brand-700 hover:underline"
          >
            {post ? "← All posts" : "← All content"}
          </Link>
          <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-ink">
            {post ? `Post · ${postFieldsOf(state.text)?.title || "Untitled"}` : `${title.page} · ${title.name}`}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
            <StatusPill status={item.status} post={post} />
            {/* Customer proof stands where its entries are placed: said under "Where it appears". */}
            {!contentKey.startsWith("proof/") && (
              <ShownOn contentKey={contentKey} published={item.publishedVersion !== null} />
            )}
            {/* A new post with changes says it once, in the line after. */}
            {!(post && !state.baseVersion && dirty) && (
              <span>
                {state.baseVersion
                  ? `Editing from version ${state.baseVersion}`
                  : post
                    ? "Not saved yet"
                    : "Editing the original text"}
              </span>
            )}
            {dirty && <span className="font-semibold text-amber-800">Changes not saved as a draft</span>}
            {/* Autosaved is kept on the server for this editor, not a version: "Save draft" makes one. */}
            {dirty && state.kept?.text === state.text && (
              <span>
                Autosaved at{" "}
                {new Date(state.kept.at).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" })}: nothing
                is lost if you leave
              </span>
            )}
            {atRisk !== undefined && autosave.failure && (
              <span className="font-semibold text-danger-700">Autosave failed: {autosave.failure}</span>
            )}
          </p>
          {isSlotKey(contentKey) && (
            <p className="mt-2 max-w-3xl text-sm text-ink">
              <span className="font-semibold">Where it appears:</span> {slotPlaces[contentKey].shown} While it is empty,{" "}
              {slotPlaces[contentKey].empty}.
            </p>
          )}
          {contentKey.startsWith("proof/") && placementSummary(state.text) && (
            <p className="mt-1 max-w-3xl text-sm text-ink">
              <span className="font-semibold">As edited, on:</span> {placementSummary(state.text)}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            className={secondaryButtonClass}
            href={`${consoleApiPath}/content/preview-page${queryOf({ key: contentKey, path: item.pages[0], version: state.baseVersion })}`}
            target="_blank"
            rel="noopener"
          >
            Preview the page<span className="sr-only"> (saved version, opens in a new tab)</span>
          </a>
          {post && item.publishedVersion !== null && (
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => void unpublish()}
              disabled={busy || dirty}
            >
              Unpublish
            </button>
          )}
          {dirty && (
            <button type="button" className={secondaryButtonClass} onClick={() => void discard()} disabled={busy}>
              Discard changes
            </button>
          )}
          <button
            type="button"
            className={buttonClass}
            onClick={() => void save()}
            disabled={busy || !dirty || state.conflict}
          >
            {state.phase === "saving" ? "Saving…" : "Save draft"}
          </button>
        </div>
      </div>

      <div aria-live="polite">
        {state.notice && (
          <div
            role={state.notice.tone === "bad" ? "alert" : "status"}
            className={`rounded-lg border px-4 py-3 text-sm ${noticeClass[state.notice.tone]}`}
          >
            <p>{state.notice.text}</p>
            {state.conflict && (
              <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={() => void rebase()}>
                Keep my text on the newest version
              </button>
            )}
          </div>
        )}
      </div>

      {structured ? (
        <section aria-labelledby="editor-label" className="min-w-0">
          <h2 id="editor-label" className={labelClass}>
            {post ? "The post" : title.name}
          </h2>
          <p className="mb-3 text-xs text-muted">
            Placeholders such as {"{{productName}}"} are filled from the site's settings. Save a draft, then use
            "Preview the page" to see it in place.
          </p>
          <StructuredForm
            contentKey={structured}
            text={state.text}
            revision={state.revision}
            onChange={(text) => dispatch({ type: "edited", text })}
          />
          {post && (
            <div className="mt-6">
              <h3 id="preview-label" className={labelClass}>
                Preview of the text
              </h3>
              <Card className="min-h-40 p-5 sm:p-6">
                <PreviewBody preview={preview} />
              </Card>
            </div>
          )}
        </section>
      ) : (
        <div className="grid gap-6 xl:grid-cols-2">
          <section aria-labelledby="editor-label" className="flex min-w-0 flex-col">
            <h2 id="editor-label" className={labelClass}>
              Text
            </h2>
            <p id="editor-help" className="mb-2 text-xs text-muted">
              Placeholders such as {"{{phone}}"} are filled from the site's settings. Tab leaves the text; Ctrl+Z
              undoes.
            </p>
            <TextEditor
              value={state.text}
              revision={state.revision}
              onChange={(text) => dispatch({ type: "edited", text })}
              label={`Text of ${title.page} · ${title.name}`}
            />
            {placeholderProblems.length > 0 && (
              <ul
                id="editor-problems"
                className="mt-1 text-xs font-medium text-danger-700"
                aria-label="Problems in the text"
              >
                {placeholderProblems.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="preview-label" className="min-w-0">
            <h2 id="preview-label" className={labelClass}>
              Preview
            </h2>
            <p className="mb-2 text-xs text-muted">As the text will read on the page, in the site's own styles.</p>
            <Card className="min-h-72 p-5 sm:p-6">
              <PreviewBody preview={preview} />
            </Card>
          </section>
        </div>
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <Checks findings={findings} structured={!!structured} />
        <PublishPanel
          key={item.status + state.baseVersion}
          busy={busy || state.conflict}
          dirty={dirty || state.baseVersion === 0}
          problems={findings.filter((finding) => !finding.refused).length}
          refused={findings.filter((finding) => finding.refused).length}
          scheduledAt={item.status === "scheduled" ? item.scheduledAt : null}
          onPublish={(at) => void publish(at)}
          onUnschedule={() => void unschedule()}
          publishing={state.phase === "publishing"}
          purge={state.entry.purge}
          publishedVersion={item.publishedVersion}
        />
      </div>

      <History
        contentKey={contentKey}
        fileText={state.entry.fileText}
        post={post}
        tick={historyTick}
        publishedVersion={item.publishedVersion}
        scheduledVersion={item.scheduledVersion}
        canRestore={!busy && !dirty}
        onRestore={(version) => void restore(version)}
      />
    </div>
  );
}

/**
 * Where the key shows, in words ("Home, Products"; a post's page, the blog, its feed…): each page a
 * link to the live site, but for a post not published yet and the feeds, which are no pages to read.
 */
function ShownOn({ contentKey, published }: { contentKey: EditableKey; published: boolean }) {
  const places = whereShown(contentKey);
  const post = isPostKey(contentKey);
  return (
    <span>
      Shown on{post ? " " : ": "}
      {places.map(({ name, path }, index) => (
        <span key={path}>
          {index > 0 && (index === places.length - 1 && post ? " and " : ", ")}
          {path.endsWith(".xml") || (post && index === 0 && !published) ? (
            name
          ) : (
            <a href={path} target="_blank" rel="noopener" className="text-brand-700 underline underline-offset-2">
              {name}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </span>
      ))}
    </span>
  );
}

/**
 * The preview's text, or why there is none. The server renders it with raw HTML off, the pages'
 * own pipeline; links do not leave the editor.
 */
function PreviewBody({ preview }: { preview: ReturnType<typeof useLivePreview> }) {
  if (preview.error) return <ErrorNote message={preview.error} />;
  return (
    <div
      className="prose max-w-none break-words"
      onClick={(event) => event.preventDefault()}
      dangerouslySetInnerHTML={{ __html: preview.html }}
    />
  );
}

/** The preview of the editor's text, asked of the server a moment after typing stops. */
function useLivePreview(key: string, text: string | undefined) {
  const [preview, setPreview] = useState<{ html: string; error?: string }>({ html: "" });
  useEffect(() => {
    if (text === undefined) return;
    let current = true;
    const timer = setTimeout(() => {
      api<{ html: string }>("/content/preview", { method: "POST", body: { key, body: text } }).then(
        ({ html }) => current && setPreview({ html }),
        (error: Error) => current && setPreview((before) => ({ html: before.html, error: error.message })),
      );
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, text]);
  return preview;
}

function Checks({ findings, structured }: { findings: Finding[]; structured: boolean }) {
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-ink">Checks before publishing</h2>
      {findings.length === 0 ? (
        <p className="mt-2 text-sm text-emerald-800">
          {structured
            ? "No problems found: every required field is filled, within its length."
            : "No problems found: links lead to pages of the site, images have alt text, headings do not skip a level."}
        </p>
      ) : (
        <ul className="mt-2 space-y-1.5 text-sm text-amber-900" aria-label="Problems found">
          {findings.map((finding, index) => (
            <li key={index} className="rounded-md bg-amber-50 px-3 py-2 break-words">
              {finding.refused && <span className="font-semibold text-danger-700">Must be fixed to publish: </span>}
              {finding.line > 0 && <span className="font-semibold">Line {finding.line}: </span>}
              {finding.text}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function PublishPanel({
  busy,
  dirty,
  problems,
  refused,
  scheduledAt,
  publishing,
  onPublish,
  onUnschedule,
  purge,
  publishedVersion,
}: {
  busy: boolean;
  dirty: boolean;
  /** Problems found that may be published anyway, once acknowledged. */
  problems: number;
  /** Problems the server refuses to publish: the button waits until they are fixed. */
  refused: number;
  scheduledAt: string | null;
  publishing: boolean;
  onPublish(at: string | undefined): void;
  onUnschedule(): void;
  /** The published version's CDN purge, when CDN_PURGE_URL is set. */
  purge: DeliveryState | null;
  publishedVersion: number | null;
}) {
  const [when, setWhen] = useState<"now" | "later">("now");
  // The browser's time zone, named where the panel asks for or shows a time ("Europe/Berlin").
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [acknowledged, setAcknowledged] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const at = new FormData(event.currentTarget).get("at");
    onPublish(when === "later" && typeof at === "string" && at ? at : undefined);
  };
  const blocked = busy || refused > 0 || (problems > 0 && !acknowledged);
  return (
    <Card className="p-5">
      <form onSubmit={submit} aria-labelledby="publish-heading">
        <h2 id="publish-heading" className="text-base font-semibold text-ink">
          Publish
        </h2>
        {scheduledAt && (
          <p className="mt-1 text-sm text-muted">
            A version is scheduled for {dateTime(scheduledAt)} ({timeZone}); publishing replaces that schedule.{" "}
            <button
              type="button"
              className="font-semibold text-brand-700 underline underline-offset-2 disabled:opacity-50"
              disabled={busy}
              onClick={onUnschedule}
            >
              Cancel the schedule
            </button>
          </p>
        )}
        <fieldset className="mt-3 space-y-2">
          <legend className="sr-only">When</legend>
          <label className="flex items-center gap-2 text-sm text-ink">
            <input
              type="radio"
              name="when"
              checked={when === "now"}
              onChange={() => setWhen("now")}
              className="h-4 w-4 accent-brand-600"
            />{" "}
            Now
          </label>
          <label className="flex items-center gap-2 text-sm text-ink">
            <input
              type="radio"
              name="when"
              checked={when === "later"}
              onChange={() => setWhen("later")}
              className="h-4 w-4 accent-brand-600"
            />{" "}
            At a time
          </label>
        </fieldset>
        {when === "later" && (
          <div className="mt-3">
            <label htmlFor="publish-at" className={labelClass}>
              Date and time ({timeZone})
            </label>
            <input id="publish-at" name="at" type="datetime-local" required className={inputClass} />
          </div>
        )}
        {refused > 0 && (
          <p className="mt-3 text-sm font-medium text-danger-700">
            {refused === 1
              ? "Fix the problem marked “Must be fixed to publish” first: the site would not take this version."
              : `Fix the ${refused} problems marked “Must be fixed to publish” first: the site would not take this version.`}{" "}
            You can still save it as a draft.
          </p>
        )}
        {problems > 0 && refused === 0 && (
          <label className="mt-3 flex items-start gap-2 text-sm text-amber-900">
            <input
              type="checkbox"
              checked={acknowledged}
              onChange={(event) => setAcknowledged(event.target.checked)}
              className="mt-0.5 h-4 w-4 accent-brand-600"
            />
            Publish despite {problems === 1 ? "the problem" : `the ${problems} problems`} found
          </label>
        )}
        <button type="submit" className={`${buttonClass} mt-4 w-full sm:w-auto`} disabled={blocked}>
          {publishing
            ? "Publishing…"
            : `${dirty ? "Save and " : ""}${when === "now" ? "publish now" : "schedule"}`.replace(/^./, (c) =>
                c.toUpperCase(),
              )}
        </button>
      </form>
      {purge && <DeliveryCard title={`CDN purge of version ${publishedVersion}`} delivery={purge} />}
    </Card>
  );
}

function History({
  contentKey,
  fileText,
  tick,
  publishedVersion,
  scheduledVersion,
  canRestore,
  onRestore,
  post,
}: {
  contentKey: string;
  /** The text in content/, which the first version follows. */
  fileText: string;
  post: boolean;
  tick: number;
  publishedVersion: number | null;
  scheduledVersion: number | null;
  canRestore: boolean;
  onRestore(version: number): void;
}) {
  const [versions, setVersions] = useState<ContentVersionAnswer[]>();
  const [chosen, setChosen] = useState<number>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    api<{ versions: ContentVersionAnswer[] }>(`/content/history${queryOf({ key: contentKey })}`).then(
      (answer) => setVersions(answer.versions),
      (failure: Error) => setError(failure.message),
    );
  }, [contentKey, tick]);
  // A structured key's versions compared in the form's labels ("Price (USD): 8.33"), not as JSON.
  const readable = (text: string) => (isStructuredKey(contentKey) ? labelledText(schemaOf(contentKey), text) : text);
  const index = versions?.findIndex((v) => v.version === chosen) ?? -1;
  const selected = versions?.[index];
  const before = versions?.[index + 1];
  const newest = versions?.[0];
  return (
    <Card>
      <div className="border-b border-line px-5 py-4">
        <h2 className="text-base font-semibold text-ink">History</h2>
        <p className="text-sm text-muted">
          {post
            ? "Every saved version, newest first. Restoring makes a new draft with that version's text."
            : "Every saved version, newest first, then the original text. Restoring makes a new draft with that text."}
        </p>
      </div>
      <ErrorNote message={error} />
      {versions && versions.length === 0 && (
        <p className="px-5 py-6 text-sm text-muted">
          {post
            ? "No version saved yet: the post is not on the site."
            : "No version saved yet: the page shows its original text."}
        </p>
      )}
      {versions && versions.length > 0 && (
        <div className="grid grid-cols-1 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <ul className="divide-y divide-line border-line lg:border-r" aria-label="Versions">
            {versions.map((v) => (
              <li key={v.version}>
                <button
                  type="button"
                  aria-pressed={v.version === chosen}
                  onClick={() => setChosen(v.version)}
                  className={`block w-full px-5 py-3 text-left text-sm hover:bg-surface ${v.version === chosen ? "bg-brand-50" : ""}`}
                >
                  <span className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                    Version {v.version}
                    {v.version === publishedVersion && <StatusPill status="published" />}
                    {v.version === scheduledVersion && <StatusPill status="scheduled" />}
                  </span>
                  <span className="block truncate text-xs text-muted">
                    {v.account} · {dateTime(v.createdAt)}
                  </span>
                </button>
              </li>
            ))}
            {!post && (
              <li>
                <button
                  type="button"
                  aria-pressed={chosen === 0}
                  onClick={() => setChosen(0)}
                  className={`block w-full px-5 py-3 text-left text-sm hover:bg-surface ${chosen === 0 ? "bg-brand-50" : ""}`}
                >
                  <span className="block font-semibold text-ink">The original text</span>
                  <span className="block text-xs text-muted">What the site showed before any edit</span>
                </button>
              </li>
            )}
          </ul>
          <div className="min-w-0 p-5">
            {chosen === 0 && newest ? (
              <>
                <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
                  <h3 className="text-sm font-semibold text-ink">
                    The original text against version {newest.version}, the newest
                  </h3>
                  <button
                    type="button"
                    className={secondaryButtonClass}
                    disabled={!canRestore}
                    onClick={() => onRestore(0)}
                  >
                    Restore the original text
                  </button>
                </div>
                {!canRestore && <p className="mb-3 text-xs text-muted">Save or undo your changes before restoring.</p>}
                <SideBySide
                  before={readable(newest.body)}
                  after={readable(fileText)}
                  beforeLabel={`Version ${newest.version}`}
                  afterLabel="The original text"
                />
              </>
            ) : !selected ? (
              <p className="text-sm text-muted">Choose a version to see what it changed.</p>
            ) : (
              <>
                <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
                  <h3 className="text-sm font-semibold text-ink">
                    Version {selected.version} against {before ? `version ${before.version}` : "the original text"}
                  </h3>
                  <button
                    type="button"
                    className={secondaryButtonClass}
                    disabled={!canRestore}
                    onClick={() => onRestore(selected.version)}
                  >
                    Restore version {selected.version}
                  </button>
                </div>
                {!canRestore && <p className="mb-3 text-xs text-muted">Save or undo your changes before restoring.</p>}
                <SideBySide
                  before={readable(before?.body ?? fileText)}
                  after={readable(selected.body)}
                  beforeLabel={before ? `Version ${before.version}` : "The original text"}
                  afterLabel={`Version ${selected.version}`}
                />
              </>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}

function SideBySide({
  before,
  after,
  beforeLabel,
  afterLabel,
}: {
  before: string;
  after: string;
  beforeLabel: string;
  afterLabel: string;
}) {
  const rows = useMemo(() => diffRows(before, after), [before, after]);
  const cell = (side: { number: number; text: string; changed: boolean } | undefined, tone: "old" | "new") => (
    <div
      className={`flex min-w-0 gap-2 px-2 py-0.5 font-mono text-xs ${
        side?.changed
          ? tone === "old"
            ? "bg-danger-50 text-danger-700"
            : "bg-emerald-50 text-emerald-900"
          : "text-ink"
      }`}
    >
      <span className="w-6 flex-none text-right text-muted select-none">{side?.number ?? ""}</span>
      <span className="min-w-0 break-words whitespace-pre-wrap">
        {side?.changed && <span className="sr-only">{tone === "old" ? "removed: " : "added: "}</span>}
        {side?.text ?? ""}
      </span>
    </div>
  );
  return (
    <div
      role="table"
      aria-label={`${beforeLabel} beside ${afterLabel}`}
      className="overflow-hidden rounded-lg border border-line"
    >
      <div role="row" className="grid grid-cols-2 border-b border-line bg-surface text-xs font-semibold text-muted">
        <span role="columnheader" className="px-2 py-1.5">
          {beforeLabel}
        </span>
        <span role="columnheader" className="border-l border-line px-2 py-1.5">
          {afterLabel}
        </span>
      </div>
      {rows.map((row, index) => (
        <div role="row" key={index} className="grid grid-cols-2">
          <div role="cell">{cell(row.old, "old")}</div>
          <div role="cell" className="border-l border-line">
            {cell(row.new, "new")}
          </div>
        </div>
      ))}
    </div>
  );
}
