import type { PublishedPost } from "./posts.server.ts";

/**
 * A post's cover as a responsive <picture>, its box reserved by its width and height (no layout shift).
 * `className`: the image's height rule (default h-auto: its own shape), and any other.
 */
export function PostCover({
  cover,
  sizes,
  eager,
  className = "",
}: {
  cover: NonNullable<PublishedPost["cover"]>;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  const { image, alt } = cover;
  return (
    <picture className="contents">
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={image.src}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className={`block w-full object-cover ${className || "h-auto"}`}
      />
    </picture>
  );
}
