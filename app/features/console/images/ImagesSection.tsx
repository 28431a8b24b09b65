/**
 * The console's Images page (/admin/images, owners and editors): the upload form, and every
 * uploaded image with its thumbnail, size, who uploaded it and when, its reference and the
 * markdown that shows it in a content key, each with a Copy button.
 */
import type { UploadItem } from "#common/console-api.ts";
import { dateTime } from "#app/features/console/format.ts";
import { Card, Empty, ErrorNote, PageTitle } from "#app/features/console/ui.tsx";
import { CopyField } from "./CopyField.tsx";
import { altFromName, imageMarkdown, thumbnailOf } from "./image-markdown.ts";
import { useUploads } from "./images-list.ts";
import { fileSize } from "./upload-state.ts";
import { UploadDropZone } from "./UploadDropZone.tsx";

export function ImagesSection() {
  const { list, error, reload } = useUploads();
  return (
    <>
      <PageTitle
        title="Images"
        description="Pictures for the site's pages and customer logos. Upload one, then paste its markdown into a content key, or choose it where a form asks for an image."
      />
      <Card className="mb-6 p-4 sm:p-5">
        <UploadDropZone maxBytes={list?.maxBytes} onUploaded={() => void reload()} />
      </Card>
      <ErrorNote message={error} />
      <Card>
        {!list && !error && <Empty>Loading the images…</Empty>}
        {list && list.uploads.length === 0 && (
          <Empty>No image uploaded yet. The first one you upload appears here.</Empty>
        )}
        {list && list.uploads.length > 0 && (
          <ul className="divide-y divide-line" aria-label="Uploaded images">
            {list.uploads.map((item) => (
              <ImageRow key={item.ref} item={item} />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

export function Thumbnail({ item, className = "" }: { item: Pick<UploadItem, "ref">; className?: string }) {
  const thumbnail = thumbnailOf(item.ref);
  if (!thumbnail) return null;
  return (
    <img
      src={thumbnail.src}
      width={thumbnail.width}
      height={thumbnail.height}
      alt=""
      loading="lazy"
      decoding="async"
      className={`rounded-lg border border-line bg-surface object-contain ${className}`}
    />
  );
}

function ImageRow({ item }: { item: UploadItem }) {
  return (
    <li className="grid gap-4 px-4 py-4 sm:grid-cols-[9rem_minmax(0,1fr)] sm:px-5">
      <Thumbnail item={item} className="h-32 w-full sm:h-24 sm:w-36" />
      <div className="min-w-0 space-y-3">
        <div>
          <p className="font-semibold break-words text-ink">{item.name}</p>
          <p className="text-xs text-muted">
            {item.width} × {item.height} px · {item.type.toUpperCase()} · {fileSize(item.bytes)} · uploaded by{" "}
            <span className="break-words">{item.account}</span>, {dateTime(item.createdAt)}
          </p>
        </div>
        <div className="grid gap-3">
          <CopyField label="Image address" value={item.ref} />
          <CopyField
            label="To paste in a text's Markdown view"
            value={imageMarkdown(item.ref, altFromName(item.name))}
          />
        </div>
      </div>
    </li>
  );
}
