/** Time-based one-time passwords (RFC 6238): HMAC-SHA1, 6 digits, 30 s steps, secrets of 20 bytes in base32. */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
export const totpStepSeconds = 30;
const digits = 6;

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index === -1) throw new Error("not base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export const newTotpSecret = () => base32Encode(randomBytes(20));

/** The HOTP value of one counter (RFC 4226 §5.3: dynamic truncation). */
export function hotp(secret: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", base32Decode(secret)).update(message).digest();
  const offset = mac[mac.length - 1] & 0xf;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(code).padStart(digits, "0");
}

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
