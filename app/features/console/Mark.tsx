import { logoMarkSvg } from "#common/brand.ts";

/**
 * The brand mark (common/brand.ts) for the console. Not the site's shell/Logo.tsx: a module the
 * public pages and the console both import is split into a chunk of its own, one more request on
 * every public page.
 */
export function Mark({ className }: { className: string }) {
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
