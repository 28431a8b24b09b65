/**
 * What customers say, and whose logos vouch for the product: only what the company published in the
 * console. The page renders this only when there is proof (hasProof), so there is never a placeholder.
 */
import type { ResponsiveImage } from "#app/shared/artwork.ts";
import { ExternalLink } from "#app/shared/ExternalLink.tsx";
import type { LogoView, Proof, QuoteView } from "./proof.ts";

/** Logos are drawn at most 10 rem wide by 2.5 rem tall: the largest candidate a 2× screen needs. */
const logoSizes = "160px";

function Logo({ image, alt, className }: { image: ResponsiveImage; alt: string; className: string }) {
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={logoSizes} />
      ))}
      <img
        src={image.src}
        alt={alt}
        width={image.width}
        height={image.height}
        loading="lazy"
        decoding="async"
        className={`block w-auto object-contain ${className}`}
      />
    </picture>
  );
}

function QuoteCard({ quote, alone }: { quote: QuoteView; alone: boolean }) {
  return (
    <figure className={`card flex h-full flex-col ${alone ? "sm:p-10" : ""}`}>
      <div className="flex h-8 items-center justify-between gap-4">
        <svg viewBox="0 0 32 24" className="h-6 w-8 shrink-0 text-brand-600" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M0 24V14C0 6 4 1.3 12 0l1.3 3C9 4.3 7 7 6.8 10H12v14zm19 0V14c0-8 4-12.7 12-14l1 3c-4.3 1.3-6.3 4-6.5 7H31v14z"
          />
        </svg>
        {quote.logo && <Logo image={quote.logo} alt={quote.company} className="h-8 max-w-32" />}
      </div>
      <blockquote
        className={`mt-4 flex-1 leading-relaxed text-ink ${alone ? "text-xl sm:text-2xl sm:leading-snug" : "text-lg"}`}
      >
        <p>{quote.quote}</p>
      </blockquote>
      {/* Name, role and company each on a line of their own, so the captions of a row line up. */}
      <figcaption className="mt-6 border-t border-line pt-5 text-base">
        <span className="block font-semibold text-ink">{quote.person}</span>
        <span className="block text-muted">{quote.role}</span>
        <span className="block text-muted">{quote.company}</span>
      </figcaption>
    </figure>
  );
}

function LogoItem({ logo }: { logo: LogoView }) {
  const image = <Logo image={logo.logo} alt={logo.company} className="h-10 max-w-40" />;
  return (
    <li className="flex items-center justify-center opacity-80 grayscale transition hover:opacity-100 hover:grayscale-0">
      {!logo.link ? (
        image
      ) : logo.link.startsWith("/") ? (
        <a href={logo.link} className="rounded-md">
          {image}
        </a>
      ) : (
        <ExternalLink href={logo.link} className="rounded-md">
          {image}
        </ExternalLink>
      )}
    </li>
  );
}

/**
 * As many columns as there are quotes, up to three: one quote is a centred feature of its own, not a
 * card in a row two thirds empty; two share the row.
 */
const quoteColumns = (count: number) =>
  count === 1 ? "mx-auto max-w-3xl" : count === 2 ? "md:grid-cols-2" : "md:grid-cols-2 lg:grid-cols-3";

export function ProofSection({ proof, productName }: { proof: Proof; productName: string }) {
  return (
    <section className="container-page border-t border-line py-14" aria-labelledby="proof-heading">
      <p className="eyebrow">Customers</p>
      <h2 id="proof-heading" className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
        {proof.quotes.length ? "What our customers say" : `Teams that run on ${productName}`}
      </h2>
      {proof.quotes.length > 0 && (
        <ul className={`mt-8 grid gap-6 ${quoteColumns(proof.quotes.length)}`} aria-label="Customer quotes">
          {proof.quotes.map((quote) => (
            <li key={`${quote.person}-${quote.company}`}>
              <QuoteCard quote={quote} alone={proof.quotes.length === 1} />
            </li>
          ))}
        </ul>
      )}
      {proof.logos.length > 0 && (
        <div className={proof.quotes.length ? "mt-12" : "mt-8"}>
          {proof.quotes.length > 0 && (
            <h3 className="text-center text-sm font-semibold tracking-wide text-muted uppercase">
              Teams that run on {productName}
            </h3>
          )}
          <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-12 gap-y-8" aria-label="Customer logos">
            {proof.logos.map((logo) => (
              <LogoItem key={logo.company} logo={logo} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
