import type { ReactNode } from "react";
import { LogoMark } from "#app/features/shell/Logo.tsx";

/**
 * What the slides frame on /demo shows before the visitor opens it, or when it cannot load: a
 * cover slide naming the presentation and its topics, with the frame's buttons.
 */
export function SlidesPlaceholder({
  productName,
  topics,
  actions,
}: {
  productName: string;
  topics: readonly string[];
  actions: ReactNode;
}) {
  return (
    <div className="flex flex-1 items-center justify-center bg-gradient-to-br from-brand-50 via-white to-brand-100 p-5 sm:p-10">
      <div className="w-full max-w-3xl rounded-2xl border border-line bg-white shadow-lg">
        <div className="flex items-center gap-2 border-b border-line px-5 py-3 text-sm text-muted" aria-hidden="true">
          <LogoMark className="h-5 w-5" />
          <span className="font-medium">Product presentation</span>
        </div>
        <div className="px-6 py-8 text-center sm:px-10">
          <p className="eyebrow">The product in slides</p>
          <h3 className="mt-2 text-2xl font-bold tracking-tight text-ink sm:text-3xl">{productName}, slide by slide</h3>
          <ul className="mt-5 flex flex-wrap justify-center gap-2">
            {topics.map((topic) => (
              <li key={topic} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
                {topic}
              </li>
            ))}
          </ul>
          <div className="mt-7">{actions}</div>
        </div>
      </div>
    </div>
  );
}
