// /.well-known/security.txt (RFC 9116), prerendered from the site's settings (app/features/trust/).
import { securityTxt } from "#app/features/trust/security-txt.ts";
import { site } from "#app/shared/site.ts";

export function loader() {
  return new Response(securityTxt(site, new Date()), {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
