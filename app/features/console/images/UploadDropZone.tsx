/**
 * The upload form: a drop zone that is also a plain file input (a label around it: a click, Enter
 * or Space opens the file chooser, so it works without dragging), one file at a time, with what
 * happened said in words. Used by the Images page and the ImagePicker.
 */
import { useId, useReducer, useRef, type DragEvent } from "react";
import type { UploadAnswer } from "#common/console-api.ts";
import { api } from "#app/features/console/api.ts";
import { dateTime } from "#app/features/console/format.ts";
import { Icon } from "#app/features/console/icons.tsx";
import { ErrorNote } from "#app/features/console/ui.tsx";
import { initialUploadState, fileSize, uploadReducer, type UploadEvent } from "./upload-state.ts";

/** What the file chooser offers; the server reads the real type from the bytes. */
const accept = "image/png,image/jpeg,image/webp";

export function UploadDropZone({
  maxBytes,
  onUploaded,
  compact = false,
}: {
  /** The server's limit, once the list has said it (undefined: the server alone checks). */
  maxBytes: number | undefined;
  onUploaded(answer: UploadAnswer): void;
  compact?: boolean;
}) {
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  // The reducer's state as of the last event, so a drop right after another sees the upload in progress.
  const current = useRef(state);
  const inputId = useId();
  const step = (event: UploadEvent) => {
    current.current = uploadReducer(current.current, event);
    dispatch(event);
    return current.current;
  };

  const send = async (file: File) => {
    if (step({ type: "chosen", name: file.name, bytes: file.size, maxBytes }).phase !== "uploading") return;
    try {
      const answer = await api<UploadAnswer>(`/uploads?name=${encodeURIComponent(file.name)}`, {
        method: "POST",
        body: file,
      });
      step({ type: "uploaded", answer });
      onUploaded(answer);
    } catch (error) {
      step({ type: "failed", message: (error as Error).message });
    }
  };

  const dragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!(state.phase === "idle" && state.dragging)) step({ type: "drag-over" });
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    const file = event.dataTransfer.files[0];
    if (file) void send(file);
    else step({ type: "drag-leave" });
  };

  const uploading = state.phase === "uploading";
  const dragging = state.phase === "idle" && state.dragging;
  return (
    <div className="space-y-3">
      <label
        htmlFor={inputId}
        onDragOver={dragOver}
        onDragLeave={() => step({ type: "drag-leave" })}
        onDrop={drop}
        aria-busy={uploading}
        className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 text-center transition-colors focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30 ${
          compact ? "py-5" : "py-8 sm:py-10"
        } ${dragging ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-surface hover:border-brand-600 hover:bg-brand-50/60"}`}
      >
        <span className="flex h-11 w-11 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm">
          <Icon name="upload" className="h-5 w-5" />
        </span>
        <span className="text-sm font-semibold text-ink">
          {uploading ? (
            `Uploading ${state.name}…`
          ) : dragging ? (
            "Drop the image to upload it"
          ) : (
            <>
              Drop an image here, or <span className="text-brand-700 underline underline-offset-2">choose a file</span>
            </>
          )}
        </span>
        <span className="max-w-md text-xs text-muted">
          PNG, JPEG or WebP{maxBytes ? `, up to ${fileSize(maxBytes)}` : ""}. Resized for every screen; location and
          camera details are removed.
        </span>
        <input
          id={inputId}
          type="file"
          accept={accept}
          disabled={uploading}
          className="sr-only"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = "";
            if (file) void send(file);
          }}
        />
      </label>
      <div aria-live="polite">
        {state.phase === "done" && (
          <p className="rounded-lg border border-emerald-600/30 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
            {state.answer.created
              ? `"${state.answer.upload.name}" is uploaded (${state.answer.upload.width} × ${state.answer.upload.height}).`
              : `This image was uploaded before, by ${state.answer.upload.account} on ${dateTime(state.answer.upload.createdAt)}: it is the same one.`}
          </p>
        )}
        {state.phase === "failed" && <ErrorNote message={state.message} />}
      </div>
    </div>
  );
}
