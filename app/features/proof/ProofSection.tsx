/**
 * What customers say, and whose logos vouch for the product: only what the company published in the
 * console and placed on the page. A page renders this, in its static HTML, only when there is proof, so there
 * is never a placeholder.
 */
import type { ResponsiveImage } from "#app/shared/artwork.ts";
import { ExternalLink } from "#app/shared/ExternalLink.tsx";
import { Picture } from "#app/shared/Picture.tsx";
import type { LogoView, Proof, QuoteView } from "./proof.ts";

/** Logos are drawn at most 10 rem wide by 2.5 rem tall: the largest candidate a 2× screen needs. */
const logoSizes = "160px";

function Logo({ image, alt, className }: { image: ResponsiveImage; alt: string; className: string }) {
  return (
    <Picture image={image} alt={alt} sizes={logoSizes} imgClassName={`block w-auto object-contain ${className}`} />
  );
}

function QuoteMark({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 32 24" className={`shrink-0 text-brand-600 ${className}`} aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M0 24V14C0 6 4 1.3 12 0l1.3 3C9 4.3 7 7 6.8 10H12v14zm19 0V14c0-8 4-12.7 12-14l1 3c-4.3 1.3-6.3 4-6.5 7H31v14z"
      />
    </svg>
  );
}

/** Name, role and company each on a line of their own, so the captions of a row line up. */
function Attribution({ quote }: { quote: QuoteView }) {
  return (
    <>
      <span className="block font-semibold text-ink">{quote.person}</span>
      <span className="block text-muted">{quote.role}</span>
      <span className="block text-muted">{quote.company}</span>
    </>
  );
}

/** One of a row of quotes: a card, its logo at the top, its caption at the foot. */
function QuoteCard({ quote }: { quote: QuoteView }) {
  return (
    <figure className="card flex h-full flex-col">
      <div className="flex h-8 items-center justify-between gap-4">
        <QuoteMark className="h-6 w-8" />
        {quote.logo && <Logo image={quote.logo} alt={quote.company} className="h-8 max-w-32" />}
      </div>
      <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-ink">
        <p>{quote.quote}</p>
      </blockquote>
      <figcaption className="mt-6 border-t border-line pt-5 text-base">
        <Attribution quote={quote} />
      </figcaption>
    </figure>
  );
}

/**
 * A quote on its own: a pull-quote across the content width, the words large and the person, with the
 * company's logo, beside them on wide screens and under them on narrow ones.
 */
function PullQuote({ quote }: { quote: QuoteView }) {
  return (
    <figure className="card grid gap-6 bg-surface max-sm:p-5 sm:p-10 lg:grid-cols-[minmax(0,1fr)_16rem] lg:items-center lg:gap-12">
      <div>
        <QuoteMark className="h-8 w-11" />
        <blockquote className="mt-5 text-xl leading-snug font-medium text-pretty text-ink sm:text-2xl lg:text-[1.75rem]">
          <p>{quote.quote}</p>
        </blockquote>
      </div>
      <figcaption className="border-t border-line pt-5 text-base lg:border-t-0 lg:border-l lg:py-2 lg:pl-10">
        {quote.logo && <Logo image={quote.logo} alt={quote.company} className="mb-4 h-10 max-w-40" />}
        <Attribution quote={quote} />
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
 * Two or four quotes in two columns, three or more in three; on tablets two columns, where an odd
 * last card takes the whole row rather than leave half of it empty.
 */
const quoteGrid = (count: number) =>
  `md:grid-cols-2 md:max-lg:[&>li:last-child:nth-child(odd)]:col-span-2 ${count === 2 || count === 4 ? "" : "lg:grid-cols-3"}`;

export function ProofSection({
  proof,
  productName,
  className,
}: {
  proof: Proof;
  productName: string;
  /** Where the section sits in its page: its spacing and rule. */
  className: string;
}) {
  const alone = proof.quotes.length === 1;
  return (
    <section className={className} aria-labelledby="proof-heading">
      <p className="eyebrow">Customers</p>
      <h2 id="proof-heading" className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
        {proof.quotes.length ? "What our customers say" : `Teams that run on ${productName}`}
      </h2>
      {proof.quotes.length > 0 && (
        <ul
          className={alone ? "mt-8" : `mt-8 grid gap-6 ${quoteGrid(proof.quotes.length)}`}
          aria-label="Customer quotes"
        >
          {proof.quotes.map((quote) => (
            <li key={`${quote.person}-${quote.company}`}>
              {alone ? <PullQuote quote={quote} /> : <QuoteCard quote={quote} />}
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
