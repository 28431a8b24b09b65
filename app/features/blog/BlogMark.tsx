/**
 * The blog's mark, a page of lines with a clock: the picture of /blog's placeholder, and of a
 * post card without a cover (`onCard`: a white page, a heavier outline on the card's dot grid).
 */
export function BlogMark({ className, onCard = false }: { className: string; onCard?: boolean }) {
  return (
    <svg viewBox="0 0 160 140" className={className} aria-hidden="true" focusable="false">
      <rect
        x="10"
        y="14"
        width="112"
        height="112"
        rx="14"
        fill={onCard ? "white" : "var(--color-brand-50)"}
        stroke="var(--color-brand-600)"
        strokeWidth={onCard ? "4" : "3"}
      />
      <path
        d="M30 44h72M30 62h72M30 80h48M30 98h36"
        stroke="var(--color-brand-600)"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <circle cx="118" cy="100" r="28" fill="white" stroke="var(--color-accent-600)" strokeWidth="5" />
      <path
        d="M118 86v14l9 6"
        fill="none"
        stroke="var(--color-accent-600)"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
