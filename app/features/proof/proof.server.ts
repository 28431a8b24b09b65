import { structuredContent } from "#app/features/content/content.server.ts";
import type { ContentContext } from "#app/features/content/published-content.ts";
import { site } from "#app/shared/site.ts";
import type { ProofPlace } from "#common/proof-places.ts";
import { proofOf } from "./proof.ts";

/** A loader's proof: what is published and placed on its page (both keys read on every page that may show them). */
export const proofOnPage = (page: ProofPlace, context?: ContentContext) =>
  proofOf(
    page,
    structuredContent("proof/quotes", site, context),
    structuredContent("proof/logos", site, context),
    site.imageHost,
  );
