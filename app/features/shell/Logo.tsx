import { logoMarkSvg } from "#common/brand.ts";

/** The brand mark (common/brand.ts), drawn inline so it costs no request. */
export function LogoMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      dangerouslySetInnerHTML={{ __html: logoMarkSvg }}
    />
  );
}
