import type { ProductScreenImage } from "./product-screens.ts";
import type { SectionPicture } from "./claims.ts";
import { phoneDetailMedia, wideFocusMedia } from "#common/art.ts";
import { Picture } from "#app/shared/Picture.tsx";

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
  narrowColumn = false,
  className = "",
}: {
  image: ProductScreenImage;
  sizes: string;
  /** Above the fold: fetched at once and early (it is likely the page's largest paint). */
  first?: boolean;
  /** Above the fold at 1440 × 900 but not the page's main picture: fetched at once, not first. */
  eager?: boolean;
  caption?: boolean;
  /** In a 24rem column from 1024 px: the detail there too, since the whole screen's labels would be 5 px. */
  narrowColumn?: boolean;
  className?: string;
}) {
  return (
    <figure
      className={`rounded-2xl bg-gradient-to-br from-brand-100 via-brand-50 to-white p-2 ring-1 ring-line sm:p-3 ${className}`.trim()}
    >
      <Picture
        className="block"
        image={image}
        alt={image.alt}
        sizes={sizes}
        directions={[
          // Below 640 px the detail around the key numbers, so they stay readable (art direction).
          { sources: image.detail.sources, media: phoneDetailMedia, sizes: "calc(100vw - 3rem)" },
          ...(narrowColumn ? [{ sources: image.detail.sources, media: wideFocusMedia, sizes: "24rem" }] : []),
        ]}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={first ? "high" : "auto"}
        imgClassName="block h-auto w-full"
      />
      {caption && (
        <figcaption className="px-2 pt-1 pb-1 text-sm text-muted sm:px-3">
          {/* Each picture its own words: the whole screen from 640 px, the detail below (and in a narrow column). */}
          <span className={narrowColumn ? "max-sm:hidden lg:hidden" : "max-sm:hidden"}>{image.caption}</span>
          <span className={narrowColumn ? "sm:max-lg:hidden" : "sm:hidden"}>{image.phoneCaption}</span>
        </figcaption>
      )}
    </figure>
  );
}

// A claim's picture beside its text on wide screens (a column of 24rem, sticky while the text is read),
// under it on narrow ones: a claim drawing (360 units, text 16) at about its own size, or a product screen
// (its detail in the column, art/details.ts).
const screenSizes = "(min-width: 1024px) 384px, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)";
const claimSizes = "(min-width: 512px) 384px, calc(100vw - 2rem)";

/** The picture of a feature page's claim or a solution's segment (claims.ts), in this module to share its chunk. */
export function SectionFigure({ picture }: { picture: SectionPicture }) {
  if (picture.kind === "screen")
    return <ProductScreen image={picture.image} sizes={screenSizes} narrowColumn className="lg:sticky lg:top-24" />;
  const { image } = picture;
  return (
    <figure className="max-w-sm rounded-2xl bg-gradient-to-br from-brand-100 via-brand-50 to-white p-2 ring-1 ring-line sm:p-3 lg:sticky lg:top-24">
      <Picture
        className="block"
        image={image}
        alt={picture.alt}
        sizes={claimSizes}
        imgClassName="block h-auto w-full"
      />
    </figure>
  );
}
