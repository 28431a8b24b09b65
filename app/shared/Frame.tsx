import { useEffect, useReducer, useRef, type ReactNode } from "react";
import { onceNear } from "#app/features/hydration/when-near.ts";
import { ExternalLink } from "./ExternalLink.tsx";
import { frameLoadTimeoutMs, frameReducer } from "./frame-state.ts";

export interface FrameProps {
  src: string;
  /** The iframe's title, e.g. "Appointment scheduler". */
  title: string;
  minHeight: number;
  /** The link that opens the service in a new tab, e.g. "Open the scheduler in a new tab". */
  linkLabel: string;
  /** The button that shows the frame in the page, e.g. "Pick a time here". */
  showLabel: string;
  /** What the placeholder says when the frame did not load, e.g. "The scheduler could not load here." */
  unavailableText: string;
  /** The designed placeholder; `actions` are the frame's buttons and status, placed where the design wants them. */
  placeholder: (actions: ReactNode) => ReactNode;
}

/**
 * An embedded external service (scheduler, slides) behind a designed placeholder. The iframe is
 * created when the placeholder nears the viewport, so the page never waits for it, and loads
 * under the placeholder; the visitor shows it with one press, or opens the service in a new tab.
 * The logic is the reducer in frame-state.ts (why a frame never uncovers itself is said there).
 */
export function Frame({ src, title, minHeight, linkLabel, showLabel, unavailableText, placeholder }: FrameProps) {
  const area = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [state, dispatch] = useReducer(frameReducer, "waiting");
  const shown = state === "shown";

  useEffect(() => {
    const element = area.current;
    if (!element || state !== "waiting") return;
    return onceNear(element, () => dispatch("near"));
  }, [state]);

  useEffect(() => {
    if (state !== "loading") return;
    const timer = setTimeout(() => dispatch("timeout"), frameLoadTimeoutMs);
    return () => clearTimeout(timer);
  }, [state]);

  // The button that was pressed is gone: focus goes to what it showed.
  useEffect(() => {
    if (shown) frame.current?.focus();
  }, [shown]);

  const actions = (
    <div className="flex flex-col items-center gap-3 text-center">
      <p role="status" className={state === "unavailable" ? "max-w-sm text-base font-medium text-ink" : "sr-only"}>
        {state === "unavailable" ? `${unavailableText} Your network may block it; it opens in a new tab.` : ""}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {state !== "unavailable" && (
          <button type="button" className="btn-primary" onClick={() => dispatch("open")}>
            {showLabel}
          </button>
        )}
        <ExternalLink className={state === "unavailable" ? "btn-primary" : "btn-secondary"} href={src}>
          {linkLabel}
        </ExternalLink>
      </div>
    </div>
  );

  return (
    <figure className="overflow-hidden rounded-2xl border border-line bg-white shadow-sm">
      <div ref={area} style={{ minHeight }} className="relative" data-state={state}>
        {state !== "waiting" && (
          <iframe
            ref={frame}
            src={src}
            title={title}
            loading="lazy"
            inert={!shown}
            className={`absolute inset-0 h-full w-full border-0 ${shown ? "" : "pointer-events-none opacity-0"}`}
            style={{ minHeight }}
            referrerPolicy="strict-origin-when-cross-origin"
            onLoad={() => dispatch("load")}
          />
        )}
        {!shown && (
          <div style={{ minHeight }} className="relative flex flex-col">
            {placeholder(actions)}
          </div>
        )}
      </div>
      {shown && (
        <figcaption className="border-t border-line bg-white px-4 py-3 text-base">
          <ExternalLink className="font-medium text-brand-700 underline underline-offset-2" href={src}>
            {linkLabel}
          </ExternalLink>
        </figcaption>
      )}
    </figure>
  );
}
