import { Picture } from "#app/shared/Picture.tsx";
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
    <Picture
      className="contents"
      image={image}
      alt={alt}
      sizes={sizes}
      loading={eager ? "eager" : "lazy"}
      imgClassName={`block w-full object-cover ${className || "h-auto"}`}
    />
  );
}
