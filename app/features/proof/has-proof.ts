import type { Proof } from "./proof.ts";

/**
 * Whether a page has any proof placed on it. A module of its own: the pages' components ask it in the
 * browser, and proof.ts (the views, the places, the upload URLs) then stays in the loaders.
 */
export const hasProof = (proof: Proof) => proof.quotes.length > 0 || proof.logos.length > 0;
