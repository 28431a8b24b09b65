/** The brand mark: a clock face inside a tally stroke, drawn inline so it costs no request. */
export function LogoMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#0d6e66" />
      <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" strokeWidth="2.5" />
      <path d="M16 10.5V16l4 2.5" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M24.5 6.5 27 4" stroke="#f59e6b" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
