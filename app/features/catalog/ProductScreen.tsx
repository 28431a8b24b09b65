import type { ProductScreenImage } from "./product-screens.ts";
import { phoneDetailMedia } from "#common/art.ts";

/**
 * A product screen as a figure: AVIF or WebP at the width `sizes` asks for, a box reserved by
 * width and height (no layout shift), lazy unless it is above the fold.
 */
export function ProductScreen({
  image,
  sizes,
  first = false,
  eager = first,
  caption = true,
  className = "",
}: {
  image: ProductScreenImage;
  sizes: string;
  /** Above the fold: fetched at once and early (it is likely the page's largest paint). */
  first?: boolean;
  /** Above the fold at 1440 × 900 but not the page's main picture: fetched at once, not first. */
  eager?: boolean;
  caption?: boolean;
  className?: string;
}) {
  return (
    <figure
      className={`rounded-2xl bg-gradient-to-br from-brand-100 via-brand-50 to-white p-2 ring-1 ring-line sm:p-3 ${className}`.trim()}
    >
      <picture className="block">
        {/* Below 640 px the detail around the key numbers, so they stay readable (art direction). */}
        {image.detail.sources.map((source) => (
          <source
            key={`detail-${source.type}`}
            media={phoneDetailMedia}
            type={source.type}
            srcSet={source.srcSet}
            sizes="calc(100vw - 3rem)"
          />
        ))}
        {image.sources.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
        ))}
        <img
          src={image.src}
          alt={image.alt}
          width={image.width}
          height={image.height}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={first ? "high" : "auto"}
          decoding="async"
          className="block h-auto w-full"
        />
      </picture>
      {caption && <figcaption className="px-2 pt-1 pb-1 text-sm text-muted sm:px-3">{image.caption}</figcaption>}
    </figure>
  );
}
