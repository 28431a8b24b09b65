import { useEffect, useRef, useState } from "react";
import { onceNear } from "#app/features/hydration/when-near.ts";

type FrameState = "waiting" | "shown";

/**
 * An embedded external service (scheduler, slides). The iframe is created only when the
 * placeholder nears the viewport, so the page never waits for the service. The link below
 * it always works, also when the service cannot be reached from the visitor's network.
 * (No reachability probe: a fetch to the service would need it in connect-src and fill the
 * console with errors whenever it is down.)
 */
export function Frame({ src, title, minHeight, linkLabel }: { src: string; title: string; minHeight: number; linkLabel: string }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<FrameState>("waiting");

  useEffect(() => {
    const element = placeholder.current;
    if (!element || state !== "waiting") return;
    return onceNear(element, () => setState("shown"));
  }, [state]);

  return (
    <figure className="overflow-hidden rounded-2xl border border-line bg-surface">
      <div ref={placeholder} style={{ minHeight }} className="relative" data-state={state}>
        {state !== "waiting" && (
          <iframe
            src={src}
            title={title}
            loading="lazy"
            className="absolute inset-0 h-full w-full border-0"
            style={{ minHeight }}
            referrerPolicy="strict-origin-when-cross-origin"
          />
        )}
        {state !== "shown" && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-surface p-8 text-center text-muted">
            <svg viewBox="0 0 24 24" className="h-10 w-10 text-brand-600" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
              <rect x="3" y="4" width="18" height="16" rx="2" />
              <path d="M3 9h18M8 2v4m8-4v4" />
            </svg>
            <p className="max-w-md text-lg">{title} loads here.</p>
          </div>
        )}
      </div>
      <figcaption className="border-t border-line bg-white px-4 py-3 text-base">
        <a className="font-medium text-brand-700 underline underline-offset-2" href={src} target="_blank" rel="noopener">
          {linkLabel}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </figcaption>
    </figure>
  );
}
