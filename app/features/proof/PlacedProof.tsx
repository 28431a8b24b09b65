import { lazy, Suspense } from "react";
import { hasProof } from "./has-proof.ts";
import type { Proof } from "./proof.ts";

// Customer proof is absent until the company places some on a page: its code loads only on a page that shows it.
const ProofSection = lazy(() => import("./ProofSection.tsx").then((module) => ({ default: module.ProofSection })));

/** The proof placed on a page, or nothing at all: a page without proof is the same page, element for element. */
export function PlacedProof({
  proof,
  productName,
  className,
}: {
  proof: Proof;
  productName: string;
  className: string;
}) {
  if (!hasProof(proof)) return null;
  return (
    <Suspense fallback={null}>
      <ProofSection proof={proof} productName={productName} className={className} />
    </Suspense>
  );
}
