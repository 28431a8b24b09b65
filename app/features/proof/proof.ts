/**
 * Proof on the home page (issue #30): customer quotes and logos that the company publishes in the
 * console ("proof/quotes", "proof/logos"). Their files are empty lists, so with nothing published
 * there is no proof and the section is absent: nothing is invented. Loaders turn each logo
 * reference into a responsive image here, so the page needs no database to show it.
 */
import type { EntryOf } from "#common/content-schemas.ts";
import { parseUploadRef } from "#common/uploads.ts";
import type { ResponsiveImage } from "#app/shared/artwork.ts";
import { uploadedImage } from "#app/shared/uploaded-image.ts";

export interface QuoteView {
  quote: string;
  person: string;
  role: string;
  company: string;
  logo?: ResponsiveImage;
}

export interface LogoView {
  company: string;
  logo: ResponsiveImage;
  link?: string;
}

export interface Proof {
  quotes: QuoteView[];
  logos: LogoView[];
}

/** A reference validated at save; one that no longer parses is left out rather than broken. */
const imageOf = (ref: string | undefined, imageHost: string) => {
  const parsed = ref ? parseUploadRef(ref) : undefined;
  return parsed && uploadedImage(parsed, imageHost);
};

export function proofOf(
  quotes: readonly EntryOf<"proof/quotes">[],
  logos: readonly EntryOf<"proof/logos">[],
  imageHost: string,
): Proof {
  return {
    quotes: quotes.map(({ quote, person, role, company, logo }) => {
      const image = imageOf(logo, imageHost);
      return { quote, person, role, company, ...(image ? { logo: image } : {}) };
    }),
    logos: logos.flatMap(({ company, logo, link }) => {
      const image = imageOf(logo, imageHost);
      return image ? [{ company, logo: image, ...(link ? { link } : {}) }] : [];
    }),
  };
}

/** The section shows when there is anything to show. */
export const hasProof = (proof: Proof) => proof.quotes.length > 0 || proof.logos.length > 0;
