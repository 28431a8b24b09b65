/**
 * The upload form's state machine: waiting for a file (a file dragged over it lights the drop
 * zone), sending one, the image it became, or why it was refused. The component renders this
 * state and runs the call; every transition is here.
 */
import type { UploadAnswer } from "#common/console-api.ts";

export type UploadState =
  | { phase: "idle"; dragging: boolean }
  | { phase: "uploading"; name: string }
  | { phase: "done"; answer: UploadAnswer }
  | { phase: "failed"; name: string; message: string };

export type UploadEvent =
  | { type: "drag-over" }
  | { type: "drag-leave" }
  | { type: "chosen"; name: string; bytes: number; maxBytes: number | undefined }
  | { type: "uploaded"; answer: UploadAnswer }
  | { type: "failed"; message: string };

export const initialUploadState: UploadState = { phase: "idle", dragging: false };

/** A file's size as people read it: "850 KB", "1.4 MB", "5 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const megabytes = bytes / 1024 / 1024;
  return `${Number.isInteger(megabytes) || megabytes >= 10 ? Math.round(megabytes) : megabytes.toFixed(1)} MB`;
}

export function uploadReducer(state: UploadState, event: UploadEvent): UploadState {
  switch (event.type) {
    case "drag-over":
      return state.phase === "uploading" ? state : { phase: "idle", dragging: true };
    case "drag-leave":
      return state.phase === "idle" ? { phase: "idle", dragging: false } : state;
    case "chosen":
      // One file at a time; a file over the limit is refused here, before its bytes are sent.
      if (state.phase === "uploading") return state;
      if (event.maxBytes !== undefined && event.bytes > event.maxBytes)
        return {
          phase: "failed",
          name: event.name,
          message: `"${event.name}" is ${fileSize(event.bytes)}; images up to ${fileSize(event.maxBytes)} are taken. Make it smaller and upload it again.`,
        };
      return { phase: "uploading", name: event.name };
    case "uploaded":
      return state.phase === "uploading" ? { phase: "done", answer: event.answer } : state;
    case "failed":
      return state.phase === "uploading" ? { phase: "failed", name: state.name, message: event.message } : state;
  }
}
