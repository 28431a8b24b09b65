import { brandColors } from "#common/brand.ts";

/** Our own "platform partner" badge (original artwork, not the platform's logo), drawn inline. */
export function PartnerBadge({ platformName, company }: { platformName: string; company: string }) {
  return (
    <svg viewBox="0 0 240 96" className="h-20 w-auto" role="img" aria-label={`${company}: ${platformName} ISV partner`}>
      <rect x="1" y="1" width="238" height="94" rx="18" fill="white" stroke={brandColors.brand100} strokeWidth="2" />
      <path d="M48 14l26 10v20c0 17-11 29-26 36-15-7-26-19-26-36V24z" fill={brandColors.brand600} />
      <path
        d="M48 22l19 7.5v14.5c0 12.5-8 21.5-19 27-11-5.5-19-14.5-19-27V29.5z"
        fill="none"
        stroke={brandColors.brand100}
        strokeWidth="1.5"
      />
      <path
        d="M38 46l7 7 14-15"
        fill="none"
        stroke="white"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text
        x="88"
        y="38"
        fontFamily="inherit"
        fontSize="13"
        fontWeight="600"
        letterSpacing="1.5"
        fill={brandColors.brand700}
      >
        {platformName.toUpperCase()}
      </text>
      <text x="88" y="62" fontFamily="inherit" fontSize="20" fontWeight="600" fill={brandColors.ink}>
        ISV Partner
      </text>
      <text x="88" y="80" fontFamily="inherit" fontSize="11" fill={brandColors.muted}>
        Listed on the marketplace
      </text>
    </svg>
  );
}

/** One of our apps as it appears in a marketplace listing: icon, name and edition. */
export function AppTile({ name, edition, tone }: { name: string; edition: string; tone: "brand" | "accent" }) {
  return (
    <div className="flex items-center gap-3 rounded-2xl bg-white/95 p-3 pr-5 text-ink shadow-sm">
      <span
        className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-xl ${tone === "brand" ? "bg-brand-600" : "bg-accent-600"}`}
      >
        <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true" focusable="false">
          <circle cx="16" cy="16" r="10" fill="none" stroke="white" strokeWidth="2.5" />
          <path
            d="M16 10v6l4 2.5"
            fill="none"
            stroke="white"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
          {tone === "brand" && (
            <path d="M7 28h18" stroke="white" strokeWidth="2.5" strokeLinecap="round" opacity="0.7" />
          )}
        </svg>
      </span>
      <span>
        <span className="block font-semibold leading-tight">{name}</span>
        <span className="block text-sm text-muted">{edition}</span>
      </span>
    </div>
  );
}
