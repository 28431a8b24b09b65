import { describe, expect, it } from "vitest";
import type { UploadAnswer } from "#common/console-api.ts";
import { fileSize, initialUploadState, uploadReducer, type UploadEvent, type UploadState } from "./upload-state.ts";

const answer: UploadAnswer = {
  created: true,
  upload: {
    ref: "/assets/uploads/3f2a9c1b0d4e5f67-1200x800",
    name: "team.jpg",
    bytes: 200_000,
    width: 1200,
    height: 800,
    type: "jpeg",
    account: "ed@example.com",
    createdAt: "2026-03-09T10:00:00.000Z",
  },
};
const run = (state: UploadState, ...events: UploadEvent[]) => events.reduce(uploadReducer, state);
const chosen = (bytes = 1000, maxBytes: number | undefined = 5_242_880): UploadEvent => ({
  type: "chosen",
  name: "team.jpg",
  bytes,
  maxBytes,
});

describe("uploadReducer", () => {
  it("lights the drop zone while a file is dragged over it", () => {
    expect(run(initialUploadState, { type: "drag-over" })).toEqual({ phase: "idle", dragging: true });
    expect(run(initialUploadState, { type: "drag-over" }, { type: "drag-leave" })).toEqual(initialUploadState);
  });

  it("sends a chosen file and shows the image it became", () => {
    const sending = run(initialUploadState, { type: "drag-over" }, chosen());
    expect(sending).toEqual({ phase: "uploading", name: "team.jpg" });
    expect(run(sending, { type: "drag-over" })).toBe(sending);
    expect(run(sending, { type: "uploaded", answer })).toEqual({ phase: "done", answer });
  });

  it("takes one file at a time", () => {
    const sending = run(initialUploadState, chosen());
    expect(run(sending, { ...chosen(), name: "other.png" } as UploadEvent)).toBe(sending);
  });

  it("refuses a file over the limit before sending it, and says the sizes", () => {
    expect(run(initialUploadState, chosen(6 * 1024 * 1024))).toEqual({
      phase: "failed",
      name: "team.jpg",
      message: '"team.jpg" is 6 MB; images up to 5 MB are taken. Make it smaller and upload it again.',
    });
    // The limit not known yet: the server decides.
    expect(run(initialUploadState, { ...chosen(6 * 1024 * 1024), maxBytes: undefined } as UploadEvent).phase).toBe(
      "uploading",
    );
  });

  it("shows the server's refusal, and a new file starts again", () => {
    const failed = run(initialUploadState, chosen(), { type: "failed", message: "SVG images are not taken" });
    expect(failed).toEqual({ phase: "failed", name: "team.jpg", message: "SVG images are not taken" });
    expect(run(failed, chosen())).toEqual({ phase: "uploading", name: "team.jpg" });
    expect(run(initialUploadState, { type: "uploaded", answer })).toBe(initialUploadState);
  });

  it("says sizes as people read them", () => {
    expect([200, 12_345, 870_000, 1_468_006, 5 * 1024 * 1024, 12.4 * 1024 * 1024].map(fileSize)).toEqual([
      "1 KB",
      "12 KB",
      "850 KB",
      "1.4 MB",
      "5 MB",
      "12 MB",
    ]);
  });
});
