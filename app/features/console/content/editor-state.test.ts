import { describe, expect, it } from "vitest";
import type { ContentEntryAnswer } from "#common/console-api.ts";
import {
  autosaveDelay,
  autosaveIdleMs,
  autosaveMaxWaitMs,
  editorReducer,
  initialEditorState,
  isDirty,
  textAtRisk,
  type EditorState,
} from "./editor-state.ts";

const version = (n: number, body: string) => ({
  key: "home-heading",
  version: n,
  body,
  account: "ed@example.com",
  createdAt: "2026-01-01T10:00:00Z",
  baseVersion: n - 1,
});
const entry = (
  latest: number,
  body: string,
  status: "file" | "draft" | "published" | "scheduled" = "draft",
): ContentEntryAnswer => ({
  item: {
    key: "home-heading",
    pages: ["/"],
    status,
    latestVersion: latest,
    publishedVersion: status === "published" ? latest : null,
    scheduledVersion: status === "scheduled" ? latest : null,
    scheduledAt: status === "scheduled" ? "2030-01-01T09:00:00Z" : null,
    changedBy: null,
    changedAt: null,
  },
  latest: latest ? version(latest, body) : null,
  published: null,
  fileText: "# From the file",
  purge: null,
  autosave: null,
});
const run = (...events: Parameters<typeof editorReducer>[1][]) =>
  events.reduce<EditorState>(editorReducer, initialEditorState);
const editing = (state: EditorState) => {
  if (state.phase === "loading" || state.phase === "unavailable") throw new Error(`not editing: ${state.phase}`);
  return state;
};

describe("the content editor's state", () => {
  it("starts from the file when nothing is saved, from the newest version otherwise", () => {
    expect(editing(run({ type: "loaded", entry: entry(0, "") }))).toMatchObject({
      phase: "editing",
      text: "# From the file",
      baseVersion: 0,
    });
    expect(editing(run({ type: "loaded", entry: entry(3, "# Three") }))).toMatchObject({
      text: "# Three",
      baseVersion: 3,
      revision: 1,
    });
    expect(run({ type: "load-failed", message: "x" })).toEqual({ phase: "unavailable", message: "x" });
  });

  it("is dirty after an edit, saves, and moves its base to the saved version", () => {
    const edited = run({ type: "loaded", entry: entry(0, "") }, { type: "edited", text: "# New" });
    expect(isDirty(edited)).toBe(true);
    const saving = editorReducer(edited, { type: "save-started" });
    expect(saving.phase).toBe("saving");
    const saved = editing(editorReducer(saving, { type: "saved", entry: entry(1, "# New") }));
    expect(saved).toMatchObject({ phase: "editing", baseVersion: 1, text: "# New", notice: { tone: "good" } });
    expect(isDirty(saved)).toBe(false);
    // What is typed while the save is under way stays in the editor, unsaved.
    const typedOn = editing(
      [
        { type: "edited", text: "# Newer" },
        { type: "saved", entry: entry(1, "# New") },
      ].reduce<EditorState>((s, e) => editorReducer(s, e as Parameters<typeof editorReducer>[1]), saving),
    );
    expect(typedOn).toMatchObject({ text: "# Newer", baseVersion: 1 });
    expect(isDirty(typedOn)).toBe(true);
  });

  it("keeps the text when a save is refused as a conflict, refuses to save again until rebased, then follows the newest version", () => {
    const conflicted = run(
      { type: "loaded", entry: entry(1, "# One") },
      { type: "edited", text: "# Mine" },
      { type: "save-started" },
      { type: "conflicted", message: "Someone else saved" },
    );
    expect(editing(conflicted)).toMatchObject({
      phase: "editing",
      text: "# Mine",
      conflict: true,
      baseVersion: 1,
      notice: { tone: "bad", text: "Someone else saved" },
    });
    expect(editorReducer(conflicted, { type: "save-started" })).toBe(conflicted);
    const rebased = editing(editorReducer(conflicted, { type: "rebased", entry: entry(2, "# Theirs") }));
    expect(rebased).toMatchObject({
      text: "# Mine",
      baseVersion: 2,
      baseText: "# Theirs",
      conflict: false,
      notice: { tone: "warn" },
    });
    expect(rebased.revision).toBe(conflicted.phase === "editing" ? conflicted.revision : -1);
    expect(editorReducer(rebased, { type: "save-started" }).phase).toBe("saving");
  });

  it("publishes only a saved, unchanged text, and says when a schedule will publish", () => {
    const saved = run({ type: "loaded", entry: entry(2, "# Two") });
    expect(editorReducer(run({ type: "loaded", entry: entry(0, "") }), { type: "publish-started" }).phase).toBe(
      "editing",
    );
    expect(editorReducer(editorReducer(saved, { type: "edited", text: "x" }), { type: "publish-started" }).phase).toBe(
      "editing",
    );
    const publishing = editorReducer(saved, { type: "publish-started" });
    expect(publishing.phase).toBe("publishing");
    expect(
      editing(editorReducer(publishing, { type: "published", entry: entry(2, "# Two", "published") })).notice?.text,
    ).toBe("Version 2 is published.");
    expect(
      editing(editorReducer(publishing, { type: "published", entry: entry(2, "# Two", "scheduled") })).notice?.text,
    ).toMatch(/^Version 2 will be published on /);
    expect(editing(editorReducer(publishing, { type: "failed", message: "No" }))).toMatchObject({
      phase: "editing",
      notice: { tone: "bad", text: "No" },
    });
  });

  it("restores an old version as the new base and replaces the editor's text", () => {
    const restoring = editorReducer(run({ type: "loaded", entry: entry(3, "# Three") }), { type: "restore-started" });
    expect(restoring.phase).toBe("restoring");
    const restored = editing(editorReducer(restoring, { type: "restored", entry: entry(4, "# One") }));
    expect(restored).toMatchObject({ phase: "editing", text: "# One", baseVersion: 4, revision: 2 });
    // Not with unsaved changes: they would be lost.
    expect(
      editorReducer(editorReducer(restored, { type: "edited", text: "x" }), { type: "restore-started" }).phase,
    ).toBe("editing");
  });

  it("takes a published post off the site: publishing, then unpublished with a notice; ignored when not publishing", () => {
    const published = run({ type: "loaded", entry: entry(2, "[]", "published") });
    const started = editorReducer(published, { type: "publish-started" });
    expect(started.phase).toBe("publishing");
    const done = editing(editorReducer(started, { type: "unpublished", entry: entry(2, "[]", "draft") }));
    expect(done).toMatchObject({ phase: "editing", text: "[]", baseVersion: 2 });
    expect(done.entry.item.status).toBe("draft");
    expect(done.notice?.text).toMatch(/Taken off the site/);
    expect(editorReducer(published, { type: "unpublished", entry: entry(2, "[]", "draft") })).toBe(published);
  });

  it("keeps what is typed: at risk until the server has kept it, then not; a save or discard ends it", () => {
    const loaded = run({ type: "loaded", entry: entry(2, "# Two") });
    expect(textAtRisk(loaded)).toBeUndefined();
    const typed = editorReducer(loaded, { type: "edited", text: "# Two and a half" });
    expect(textAtRisk(typed)).toBe("# Two and a half");
    const kept = editorReducer(typed, { type: "kept", text: "# Two and a half", at: "2026-01-01T10:05:00Z" });
    expect(textAtRisk(kept)).toBeUndefined();
    expect(isDirty(kept)).toBe(true);
    // Typing on after it was kept puts the new text at risk again; a save or publish in flight keeps it.
    const more = editorReducer(kept, { type: "edited", text: "# Two and three quarters" });
    expect(textAtRisk(more)).toBe("# Two and three quarters");
    const saving = editorReducer(more, { type: "save-started" });
    expect(textAtRisk(saving)).toBeUndefined();
    const saved = editing(editorReducer(saving, { type: "saved", entry: entry(3, "# Two and three quarters") }));
    expect(saved.kept).toBeUndefined();
    expect(textAtRisk(saved)).toBeUndefined();
    const discarded = editing(editorReducer(more, { type: "discarded", entry: entry(2, "# Two") }));
    expect(discarded).toMatchObject({ text: "# Two", baseVersion: 2, revision: 2 });
    expect(discarded.kept).toBeUndefined();
    expect(discarded.notice?.text).toBe("Back to version 2.");
  });

  it("opens with the text kept as typed, says so, and names a version saved since", () => {
    const autosave = { body: "# Half-written", baseVersion: 2, savedAt: "2026-01-01T10:05:00Z" };
    const back = editing(run({ type: "loaded", entry: { ...entry(2, "# Two"), autosave } }));
    expect(back).toMatchObject({ text: "# Half-written", baseVersion: 2, kept: { text: "# Half-written" } });
    expect(isDirty(back)).toBe(true);
    expect(textAtRisk(back)).toBeUndefined();
    expect(back.notice).toMatchObject({ tone: "warn" });
    expect(back.notice?.text).toMatch(/^Your changes from .+ are back: they were autosaved but not saved as a draft/);
    expect(back.notice?.text).not.toContain("Since then");
    const moved = editing(run({ type: "loaded", entry: { ...entry(3, "# Three"), autosave } }));
    expect(moved).toMatchObject({ text: "# Half-written", baseVersion: 3 });
    expect(moved.notice?.text).toContain("Since then ed@example.com saved version 3");
    // Kept text that a version already holds is nothing to bring back.
    const same = editing(
      run({ type: "loaded", entry: { ...entry(2, "# Two"), autosave: { ...autosave, body: "# Two" } } }),
    );
    expect(same.notice).toBeUndefined();
    expect(same.kept).toBeUndefined();
  });

  it("keeps the text a moment after the last key, and at least every ten seconds while typing goes on", () => {
    expect(autosaveDelay(1_000, 1_000)).toBe(autosaveIdleMs);
    expect(autosaveDelay(1_000 + autosaveMaxWaitMs - 500, 1_000)).toBe(500);
    expect(autosaveDelay(1_000 + autosaveMaxWaitMs + 5, 1_000)).toBe(0);
  });
});
