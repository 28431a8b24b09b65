/**
 * The inbox an address delivers to, for the confirmation limits: `Jane.Doe+news@GoogleMail.com`
 * is `janedoe@gmail.com` (lower case, no `+tag`, no dots where the provider ignores them).
 */

/** Providers that deliver `j.a.n.e@` to `jane@`, and the domain each is an alias of. */
const dotsIgnored: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/** `key`: one per inbox; `domain`: its domain (an alias resolved), for the per-domain budget. */
export function mailboxOf(email: string): { key: string; domain: string } {
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

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * SQL LIKE patterns (escape `\`) that every lower-case spelling of the address's inbox matches:
 * the base address, its `+tag`s, and for the providers that ignore dots, any dots and the alias
 * domains. A superset for narrowing a search in SQL; mailboxOf decides each row found.
 */
export function inboxLikePatterns(email: string): string[] {
  const { key, domain } = mailboxOf(email);
  const local = key.slice(0, key.lastIndexOf("@"));
  const aliases = Object.keys(dotsIgnored).filter((alias) => dotsIgnored[alias] === domain);
  if (!aliases.length)
    return [`${likeEscaped(local)}@${likeEscaped(domain)}`, `${likeEscaped(local)}+%@${likeEscaped(domain)}`];
  // Dots may stand anywhere in the local part, and a +tag after it.
  const dotted = `%${[...local].map(likeEscaped).join("%")}%`;
  return aliases.map((alias) => `${dotted}@${likeEscaped(alias)}`);
}
