/**
 * Choose an uploaded image, or upload one, for a form field (a customer logo, a quote's picture):
 * shows the chosen image and opens a dialog with the upload form and every upload. Gives the
 * upload's reference (`/assets/uploads/<id>-<w>x<h>`) to `onChange`, undefined when removed.
 */
import { useId, useRef } from "react";
import type { UploadItem } from "#common/console-api.ts";
import { Icon } from "#app/features/console/icons.tsx";
import { Empty, ErrorNote, secondaryButtonClass } from "#app/features/console/ui.tsx";
import { useUploads } from "./images-list.ts";
import { Thumbnail } from "./ImagesSection.tsx";
import { UploadDropZone } from "./UploadDropZone.tsx";

export function ImagePicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange(ref: string | undefined): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { list, error, reload } = useUploads();
  const chosen = list?.uploads.find((item) => item.ref === value);
  const choose = (ref: string) => {
    onChange(ref);
    dialog.current?.close();
  };

  return (
    <div>
      <span className="mb-1 block text-xs font-semibold tracking-wide text-muted uppercase">{label}</span>
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <Thumbnail item={{ ref: value }} className="h-16 w-24" />
        ) : (
          <span className="flex h-16 w-24 items-center justify-center rounded-lg border border-dashed border-slate-300 text-muted">
            <Icon name="image" />
          </span>
        )}
        <div className="min-w-0 text-sm">
          <p className="truncate text-ink">{chosen?.name ?? (value ? value : "No image chosen")}</p>
          <div className="mt-1 flex gap-2">
            <button type="button" className={secondaryButtonClass} onClick={() => dialog.current?.showModal()}>
              {value ? "Change…" : "Choose an image…"}
            </button>
            {value && (
              <button type="button" className={secondaryButtonClass} onClick={() => onChange(undefined)}>
                Remove
              </button>
            )}
          </div>
        </div>
      </div>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[min(46rem,calc(100vw-2rem))] rounded-xl border border-line bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
      >
        <div className="flex items-center justify-between gap-4 border-b border-line px-5 py-4">
          <h2 id={titleId} className="text-lg font-bold text-ink">
            {label}
          </h2>
          <button type="button" className={secondaryButtonClass} onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
        <div className="max-h-[70vh] space-y-4 overflow-y-auto p-5">
          <UploadDropZone
            compact
            maxBytes={list?.maxBytes}
            onUploaded={(answer) => {
              void reload();
              choose(answer.upload.ref);
            }}
          />
          <ErrorNote message={error} />
          {list && list.uploads.length === 0 && <Empty>No image uploaded yet: upload one above.</Empty>}
          {list && list.uploads.length > 0 && (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Uploaded images">
              {list.uploads.map((item) => (
                <PickerItem key={item.ref} item={item} selected={item.ref === value} onChoose={choose} />
              ))}
            </ul>
          )}
        </div>
      </dialog>
    </div>
  );
}

function PickerItem({
  item,
  selected,
  onChoose,
}: {
  item: UploadItem;
  selected: boolean;
  onChoose(ref: string): void;
}) {
  return (
    <li>
      <button
        type="button"
        aria-pressed={selected}
        onClick={() => onChoose(item.ref)}
        className={`w-full rounded-lg border p-2 text-left hover:border-brand-600 ${
          selected ? "border-brand-600 ring-2 ring-brand-600/30" : "border-line"
        }`}
      >
        <Thumbnail item={item} className="h-24 w-full" />
        <span className="mt-1 block truncate text-xs font-semibold text-ink">{item.name}</span>
        <span className="block text-xs text-muted">
          {item.width} × {item.height}
        </span>
      </button>
    </li>
  );
}
