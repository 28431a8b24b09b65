/**
 * The inbox an address delivers to, for the confirmation-mail limits: `Jane.Doe+news@GoogleMail.com`
 * and `janedoe@gmail.com` reach the same person, so they share one limit. Lower case, the
 * `+tag` removed (the sub-addressing of Gmail, Outlook, iCloud, Fastmail, Proton and most
 * servers), and for the providers that ignore dots in the local part, no dots.
 */

/** Providers that deliver `j.a.n.e@` to `jane@`, and the domain each is an alias of. */
const dotsIgnored: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

export interface Mailbox {
  /** The normalised address: one key per inbox. */
  key: string;
  /** Its domain (an alias resolved), for the per-domain budget. */
  domain: string;
}

export function mailboxOf(email: string): Mailbox {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  let local = address.slice(0, at).split("+")[0];
  let domain = address.slice(at + 1);
  if (Object.hasOwn(dotsIgnored, domain)) {
    domain = dotsIgnored[domain];
    local = local.replaceAll(".", "");
  }
  return { key: `${local}@${domain}`, domain };
}
