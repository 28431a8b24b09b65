import { useEffect, useRef, useState } from "react";

/**
 * An embedded external service (scheduler, slides). The iframe is created only when the
 * placeholder nears the viewport, so the page never waits for the service; the link below
 * it always works, also when the service cannot be reached.
 */
export function Frame({ src, title, minHeight, linkLabel }: { src: string; title: string; minHeight: number; linkLabel: string }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const element = placeholder.current;
    if (!element || visible) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), { rootMargin: "200px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  return (
    <figure className="overflow-hidden rounded-2xl border border-line bg-surface">
      <div ref={placeholder} style={{ minHeight }} className="relative">
        {visible ? (
          <iframe
            src={src}
            title={title}
            loading="lazy"
            className="absolute inset-0 h-full w-full border-0"
            style={{ minHeight }}
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <div className="flex h-full items-center justify-center p-8 text-center text-muted" style={{ minHeight }}>
            <p>{title} loads here.</p>
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
