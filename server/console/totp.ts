/** Time-based one-time passwords (RFC 6238, base32 and HOTP by otpauth): HMAC-SHA1, 6 digits, 30 s steps. */
import { timingSafeEqual } from "node:crypto";
import { HOTP, Secret } from "otpauth";

export const totpStepSeconds = 30;
const digits = 6;

export const base32Encode = (bytes: Buffer) => new Secret({ buffer: Uint8Array.from(bytes).buffer }).base32;
export const base32Decode = (text: string) => Buffer.from(Secret.fromBase32(text).bytes);
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The HOTP value of one counter (RFC 4226). */
export const hotp = (secret: string, counter: number) =>
  HOTP.generate({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits, counter });

export const totpAt = (secret: string, at: Date) => hotp(secret, Math.floor(at.getTime() / 1000 / totpStepSeconds));

/** The step (now or one either side, for clock drift) whose value `code` is; each is taken once (useTotpStep). */
export function totpStepOf(secret: string, code: string, at: Date): number | undefined {
  const given = Buffer.from(code.replace(/\s/g, ""));
  const step = Math.floor(at.getTime() / 1000 / totpStepSeconds);
  let found: number | undefined;
  // Every candidate compared, in constant time, whichever matches.
  for (const counter of [step - 1, step, step + 1]) {
    const expected = Buffer.from(hotp(secret, counter));
    if (given.length === expected.length && timingSafeEqual(given, expected)) found = counter;
  }
  return found;
}

/** True when `code` is the value of the current step or one step either side. */
export const verifyTotp = (secret: string, code: string, at: Date): boolean =>
  totpStepOf(secret, code, at) !== undefined;

/** What an authenticator app scans: otpauth://totp/Issuer:account?secret=…&issuer=…. */
export function otpauthUri(secret: string, { issuer, account }: { issuer: string; account: string }): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  // Percent-encoded (a space as %20, not URLSearchParams' "+", which apps would show as is).
  const query = Object.entries({ secret, issuer, algorithm: "SHA1", digits, period: totpStepSeconds })
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");
  return `otpauth://totp/${label}?${query}`;
}
