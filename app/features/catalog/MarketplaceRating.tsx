import { ExternalLink } from "#app/shared/ExternalLink.tsx";
import type { SiteConfig } from "#common/site.ts";

type RatingSettings = Pick<SiteConfig, "marketplaceRating" | "marketplaceReviews" | "marketplaceUrl" | "platformName">;

/**
 * The listing's rating, as the marketplace shows it, linked to the reviews there (issue #43 point 1):
 * evidence a buyer can check. Absent until the company sets MARKETPLACE_RATING and MARKETPLACE_REVIEWS,
 * so there is never an empty or invented rating.
 */
export function MarketplaceRating({ site, className = "" }: { site: RatingSettings; className?: string }) {
  if (!site.marketplaceRating || !site.marketplaceReviews) return null;
  const rating = Number(site.marketplaceRating);
  const reviews = Number(site.marketplaceReviews);
  const label = `Rated ${rating} out of 5 from ${reviews.toLocaleString("en-US")} ${reviews === 1 ? "review" : "reviews"} on the ${site.platformName} marketplace`;
  return (
    <ExternalLink
      href={site.marketplaceUrl}
      className={`inline-flex items-center gap-2 rounded text-sm text-muted no-underline hover:text-ink ${className}`}
    >
      {/* Five stars, filled to the rating: the grey row under a gold row clipped to its share. */}
      <span className="relative inline-block leading-none" aria-hidden="true">
        <Stars className="text-line" />
        <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${(rating / 5) * 100}%` }}>
          <Stars className="text-amber-500" />
        </span>
      </span>
      <span aria-hidden="true">
        <span className="font-semibold text-ink">{rating.toFixed(1)}</span> · {reviews.toLocaleString("en-US")}{" "}
        {reviews === 1 ? "review" : "reviews"}
      </span>
      <span className="sr-only">{label}</span>
    </ExternalLink>
  );
}

function Stars({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 100 20" className={`block h-4 w-20 max-w-none ${className}`} focusable="false">
      {[0, 1, 2, 3, 4].map((n) => (
        <path
          key={n}
          transform={`translate(${n * 20} 0)`}
          fill="currentColor"
          d="M10 1.5l2.6 5.3 5.8.8-4.2 4.1 1 5.8L10 14.8l-5.2 2.7 1-5.8L1.6 7.6l5.8-.8z"
        />
      ))}
    </svg>
  );
}
