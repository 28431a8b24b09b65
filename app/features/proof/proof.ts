/**
 * Customer proof (issues #30, #44): the quotes and logos that the company publishes in the console
 * ("proof/quotes", "proof/logos"), each on the pages it is placed on (common/proof-places.ts). Their
 * files are empty lists, so with nothing published there is no proof and the section is absent:
 * nothing is invented. Loaders keep a page's own and turn each logo reference into a responsive image
 * here, so the page needs no database to show it.
 */
import type { EntryOf } from "#common/content-schemas.ts";
import { placedOn, type ProofPlace } from "#common/proof-places.ts";
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

/** The proof placed on `page`. */
export function proofOf(
  page: ProofPlace,
  quotes: readonly EntryOf<"proof/quotes">[],
  logos: readonly EntryOf<"proof/logos">[],
  imageHost: string,
): Proof {
  return {
    quotes: placedOn(quotes, page).map(({ quote, person, role, company, logo }) => {
      const image = imageOf(logo, imageHost);
      return { quote, person, role, company, ...(image ? { logo: image } : {}) };
    }),
    logos: placedOn(logos, page).flatMap(({ company, logo, link }) => {
      const image = imageOf(logo, imageHost);
      return image ? [{ company, logo: image, ...(link ? { link } : {}) }] : [];
    }),
  };
}
