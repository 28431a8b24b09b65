/** Links built from site settings, so a phone number shown as "+1 555 010 0199" dials correctly. */

/** A tel: URI (RFC 3966 global number): the leading "+" and the digits, nothing else. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `tel:${phone.trim().startsWith("+") ? "+" : ""}${digits}`;
}

export const mailtoHref = (email: string) => `mailto:${email}`;
