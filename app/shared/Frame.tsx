import { useEffect, useReducer, useRef, type ReactNode } from "react";
import { onceNear } from "#app/features/hydration/when-near.ts";
import { ExternalLink } from "./ExternalLink.tsx";
import { frameLoadTimeoutMs, frameReducer, isPending, probeService } from "./frame-state.ts";

export interface FrameProps {
  src: string;
  /** The iframe's title, e.g. "Appointment scheduler". */
  title: string;
  minHeight: number;
  /** The link that opens the service in a new tab, e.g. "Open the scheduler in a new tab". */
  linkLabel: string;
  /** What the placeholder says while the service loads, e.g. "Loading the scheduler…". */
  loadingText: string;
  /** What the placeholder says when the frame did not load, e.g. "The scheduler could not load here." */
  unavailableText: string;
  /**
   * The designed placeholder; `actions` are the frame's buttons and status, placed where the design wants them.
   * `unavailable`: the service cannot load here, and the placeholder is all there is, at its own height.
   */
  placeholder: (actions: ReactNode, unavailable: boolean) => ReactNode;
}

/**
 * An embedded external service (scheduler, slides) behind a designed placeholder. The iframe is
 * created when the placeholder nears the viewport, so the page never waits for it, and loads
 * under the placeholder, which it replaces once the service is known to be reachable; where it
 * is not, the frame goes and the placeholder stays, at its own height rather than the frame's, and
 * says so, with the service one press away in a new tab. The logic is the reducer in frame-state.ts.
 */
export function Frame({ src, title, minHeight, linkLabel, loadingText, unavailableText, placeholder }: FrameProps) {
  const area = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [state, dispatch] = useReducer(frameReducer, "waiting");
  const shown = state === "shown";
  const unavailable = state === "unavailable";
  // The frame's room is kept while it may still come; a fallback needs no more than its own height.
  const reserved = unavailable ? undefined : minHeight;

  useEffect(() => {
    const element = area.current;
    if (!element || state !== "waiting") return;
    return onceNear(element, () => dispatch("near"));
  }, [state]);

  const pending = isPending(state);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => dispatch("timeout"), frameLoadTimeoutMs);
    return () => clearTimeout(timer);
  }, [pending]);

  // Started with the frame, once: its answer is what tells the service from an error page.
  const probing = state !== "waiting";
  useEffect(() => {
    if (!probing) return;
    const abort = new AbortController();
    void probeService(src, abort.signal).then(
      (reachable) => abort.signal.aborted || dispatch(reachable ? "reachable" : "unreachable"),
    );
    return () => abort.abort();
  }, [probing, src]);

  const actions = (
    <div className="flex flex-col items-center gap-3 text-center">
      <p
        role="status"
        className={unavailable ? "max-w-sm text-base font-medium text-balance text-ink" : "text-base text-muted"}
      >
        {unavailable
          ? `${unavailableText} Your network may block it; it opens in a new tab.`
          : pending
            ? loadingText
            : ""}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <ExternalLink className="btn-primary" href={src}>
          {linkLabel}
        </ExternalLink>
      </div>
    </div>
  );

  return (
    <figure className="overflow-hidden rounded-2xl border border-line bg-white shadow-sm">
      <div ref={area} style={{ minHeight: reserved }} className="relative" data-state={state}>
        {state !== "waiting" && !unavailable && (
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
          <div style={{ minHeight: reserved }} className="relative flex flex-col">
            {placeholder(actions, unavailable)}
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
