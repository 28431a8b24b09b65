/**
 * The content editor's state machine: loading a key, editing, saving a draft on its base version
 * (refused when someone saved in between: the text stays), publishing or scheduling, restoring.
 * The text is kept on the server as it is typed (autosave: not a version), and the editor opens
 * with what was kept. The component renders this state and runs the calls; every transition is here.
 */
import type { ContentEntryAnswer } from "#common/console-api.ts";

export type Notice = { tone: "good" | "warn" | "bad"; text: string };

export type EditorState =
  | { phase: "loading" }
  | { phase: "unavailable"; message: string }
  | {
      phase: "editing" | "saving" | "publishing" | "restoring";
      entry: ContentEntryAnswer;
      /** What is in the editor. */
      text: string;
      /** The saved version the text started from (0: the file) and that version's text. */
      baseVersion: number;
      baseText: string;
      /** Moves when the text is replaced from outside (a load), so the code editor takes it over. */
      revision: number;
      /** Someone saved on the same base: the last save was refused, the text kept. */
      conflict: boolean;
      /** The text the server keeps as typed (an autosave) and when it kept it; none once saved. */
      kept?: { text: string; at: string };
      notice?: Notice;
    };

export type EditorEvent =
  | { type: "loaded"; entry: ContentEntryAnswer }
  | { type: "load-failed"; message: string }
  | { type: "edited"; text: string }
  | { type: "kept"; text: string; at: string }
  | { type: "discarded"; entry: ContentEntryAnswer }
  | { type: "save-started" }
  | { type: "saved"; entry: ContentEntryAnswer }
  | { type: "conflicted"; message: string }
  | { type: "rebased"; entry: ContentEntryAnswer }
  | { type: "publish-started" }
  | { type: "published"; entry: ContentEntryAnswer }
  | { type: "unpublished"; entry: ContentEntryAnswer }
  | { type: "unscheduled"; entry: ContentEntryAnswer }
  | { type: "restore-started" }
  | { type: "restored"; entry: ContentEntryAnswer }
  | { type: "failed"; message: string };

export const initialEditorState: EditorState = { phase: "loading" };

/** The text a key starts from: its newest saved version, else its file. */
const startOf = (entry: ContentEntryAnswer) => ({
  baseVersion: entry.latest?.version ?? 0,
  baseText: entry.latest?.body ?? entry.fileText,
});

const at = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" }) : "";

/** What the editor opens with: the text kept as typed, when there is one that is not saved as a version. */
function opened(entry: ContentEntryAnswer, revision: number): Extract<EditorState, { entry: unknown }> {
  const start = startOf(entry);
  const base = { phase: "editing" as const, entry, ...start, revision, conflict: false };
  const kept = entry.autosave;
  if (!kept || kept.body === start.baseText) return { ...base, text: start.baseText };
  const since =
    kept.baseVersion === start.baseVersion
      ? ""
      : ` Since then ${entry.latest ? `${entry.latest.account} saved version ${entry.latest.version}` : "the saved versions changed"}: compare under History before you save.`;
  return {
    ...base,
    text: kept.body,
    kept: { text: kept.body, at: kept.savedAt },
    notice: {
      tone: "warn",
      text: `Your changes from ${at(kept.savedAt)} are back: they were autosaved but not saved as a draft.${since} Save them as a draft, or discard them.`,
    },
  };
}

export function editorReducer(state: EditorState, event: EditorEvent): EditorState {
  if (event.type === "loaded")
    return opened(event.entry, state.phase === "loading" || state.phase === "unavailable" ? 1 : state.revision + 1);
  if (event.type === "load-failed") return { phase: "unavailable", message: event.message };
  if (state.phase === "loading" || state.phase === "unavailable") return state;
  if (event.type === "discarded") {
    const start = startOf(event.entry);
    return {
      ...opened({ ...event.entry, autosave: null }, state.revision + 1),
      notice: {
        tone: "good",
        text: start.baseVersion ? `Back to version ${start.baseVersion}.` : "Back to the original text.",
      },
    };
  }

  switch (event.type) {
    case "edited":
      // Typing goes on while a call is under way; the call's answer keeps it.
      return { ...state, text: event.text };
    case "kept":
      return { ...state, kept: { text: event.text, at: event.at } };
    case "save-started":
      return state.phase === "editing" && !state.conflict ? { ...state, phase: "saving", notice: undefined } : state;
    case "saved": {
      if (state.phase !== "saving") return state;
      const version = event.entry.latest?.version ?? 0;
      // The text typed while the save was under way stays; only the base moves.
      return {
        ...state,
        phase: "editing",
        entry: event.entry,
        baseVersion: version,
        baseText: event.entry.latest?.body ?? state.baseText,
        // The server drops what it kept as typed once it is a version.
        kept: undefined,
        notice: { tone: "good", text: `Saved as version ${version}. It is a draft until you publish it.` },
      };
    }
    case "conflicted":
      return { ...state, phase: "editing", conflict: true, notice: { tone: "bad", text: event.message } };
    case "rebased": {
      // The newest version becomes the base and the editor keeps its text: saving next replaces that version's text.
      const latest = event.entry.latest;
      return {
        ...state,
        entry: event.entry,
        baseVersion: latest?.version ?? 0,
        baseText: latest?.body ?? event.entry.fileText,
        conflict: false,
        notice: {
          tone: "warn",
          text: latest
            ? `Your text now follows version ${latest.version} (${latest.account}, ${at(latest.createdAt)}). Compare them under History; saving replaces it with your text.`
            : "Your text now follows the file.",
        },
      };
    }
    case "publish-started":
      return state.phase === "editing" && !state.conflict && state.text === state.baseText && state.baseVersion > 0
        ? { ...state, phase: "publishing", notice: undefined }
        : state;
    case "published": {
      if (state.phase !== "publishing") return state;
      const { item } = event.entry;
      const text =
        item.status === "scheduled"
          ? `Version ${item.scheduledVersion} will be published on ${at(item.scheduledAt)}.`
          : `Version ${item.publishedVersion} is published.`;
      return { ...state, phase: "editing", entry: event.entry, notice: { tone: "good", text } };
    }
    case "unpublished":
      if (state.phase !== "publishing") return state;
      return {
        ...state,
        phase: "editing",
        entry: event.entry,
        notice: { tone: "good", text: "Taken off the site. Its versions are kept: publish one to bring it back." },
      };
    case "unscheduled":
      if (state.phase !== "publishing") return state;
      return {
        ...state,
        phase: "editing",
        entry: event.entry,
        notice: { tone: "good", text: "The schedule is cancelled. What is published stays as it is." },
      };
    case "restore-started":
      return state.phase === "editing" && state.text === state.baseText
        ? { ...state, phase: "restoring", notice: undefined }
        : state;
    case "restored": {
      if (state.phase !== "restoring") return state;
      const start = startOf(event.entry);
      return {
        ...state,
        ...start,
        phase: "editing",
        entry: event.entry,
        // The restored text replaces the editor's (restore needs no unsaved changes when it starts).
        text: start.baseText,
        revision: state.revision + 1,
        kept: undefined,
        notice: { tone: "good", text: `Restored as version ${start.baseVersion}, a draft until you publish it.` },
      };
    }
    case "failed":
      return { ...state, phase: "editing", notice: { tone: "bad", text: event.message } };
  }
}

/** Whether the editor holds changes that are not saved as a version. */
export const isDirty = (state: EditorState) =>
  state.phase !== "loading" && state.phase !== "unavailable" && state.text !== state.baseText;

/**
 * The text to keep now, when what is typed is neither saved nor kept: the autosave's work, and what
 * leaving the page would lose. Undefined while a save or publish is under way (it keeps the text).
 */
export function textAtRisk(state: EditorState): string | undefined {
  if (state.phase !== "editing" || !isDirty(state) || state.text === state.kept?.text) return undefined;
  return state.text;
}

/** Typing keeps the text this long after the last key, and at least this often while it goes on. */
export const autosaveIdleMs = 2_000;
export const autosaveMaxWaitMs = 10_000;

/** How long after `now` to keep the text, whose first unkept change came at `firstChangeAt`. */
export const autosaveDelay = (now: number, firstChangeAt: number) =>
  Math.max(0, Math.min(autosaveIdleMs, firstChangeAt + autosaveMaxWaitMs - now));
