import type { ResponsiveImage } from "./artwork.ts";

/** One candidate set: a format's srcset, for a media query if it has one. */
interface Source {
  type: string;
  srcSet: string;
  media?: string;
}

/** Another picture for a media query (art direction): the first whose media applies wins, before the image's own. */
export interface Direction {
  sources: readonly Source[];
  media: string;
  sizes: string;
}

/**
 * The site's one `<picture>`: AVIF and WebP candidates at the width `sizes` asks for, other pictures for
 * other media first, and an `<img>` whose width and height reserve its box (no layout shift).
 */
export function Picture({
  image,
  alt,
  sizes,
  directions = [],
  className,
  imgClassName,
  loading = "lazy",
  fetchPriority,
  decoding = "async",
}: {
  image: Pick<ResponsiveImage, "src" | "width" | "height"> & { sources: readonly Source[] };
  alt: string;
  sizes: string;
  directions?: readonly Direction[];
  className?: string;
  imgClassName?: string;
  loading?: "eager" | "lazy";
  fetchPriority?: "high" | "low" | "auto";
  decoding?: "async" | "auto";
}) {
  return (
    <picture className={className}>
      {directions.map(({ sources, media, sizes: directionSizes }) =>
        sources.map((source) => (
          <source
            key={`${media} ${source.type}`}
            media={media}
            type={source.type}
            srcSet={source.srcSet}
            sizes={directionSizes}
          />
        )),
      )}
      {image.sources.map((source) => (
        <source
          key={`${source.media ?? ""} ${source.type}`}
          media={source.media}
          type={source.type}
          srcSet={source.srcSet}
          sizes={sizes}
        />
      ))}
      <img
        src={image.src}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding={decoding === "auto" ? undefined : decoding}
        className={imgClassName}
      />
    </picture>
  );
}
