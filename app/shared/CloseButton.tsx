/** The small × that closes a message box or a toast; `label` names what it closes for screen readers. */
export function CloseButton({
  label,
  onClick,
  ...data
}: { label: string; onClick: () => void } & { [key: `data-${string}`]: string | number }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="-m-1 flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-black/5 hover:text-ink"
      aria-label={label}
      {...data}
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
