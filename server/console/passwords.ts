/**
 * Console passwords: scrypt from node:crypto (no native addon), its parameters stored with the hash so they can
 * be raised later. A new one is 12 characters or more and not on zxcvbn-ts's 49,000 common passwords.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { channel } from "node:diagnostics_channel";
import { dictionary } from "@zxcvbn-ts/language-common";

export const minPasswordLength = 12;
const keyLength = 32;
/** N = 2^15, r = 8, p = 1: about 32 MiB and 50-100 ms per hash on a server core (OWASP's scrypt minimum is N = 2^17 with less memory per round). */
const cost = { N: 2 ** 15, r: 8, p: 1 };

const derive = (password: string, salt: Buffer, { N, r, p }: typeof cost) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, keyLength, { N, r, p, maxmem: 128 * N * r * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** "scrypt$N$r$p$salt$hash", salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Each password check's start and end, for the sign-in limit's tests; costs nothing without a subscriber. */
export const passwordChecks = channel("tallyway:console-password-check");
export interface PasswordCheckEvent {
  phase: "start" | "end";
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  passwordChecks.publish({ phase: "start" } satisfies PasswordCheckEvent);
  try {
    const key = await derive(password, Buffer.from(salt, "base64url"), { N: Number(N), r: Number(r), p: Number(p) });
    return key.length === expected.length && timingSafeEqual(key, expected);
  } finally {
    passwordChecks.publish({ phase: "end" } satisfies PasswordCheckEvent);
  }
}

/** A hash of a password nobody has, compared against when the e-mail address is unknown, so both paths take as long. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword(randomBytes(18).toString("base64url")));

const common = new Set(dictionary["passwords-common"]);

/** Why a new password is refused, or undefined when it will do. */
export function passwordProblem(password: string): string | undefined {
  if ([...password].length < minPasswordLength)
    return `The password must be at least ${minPasswordLength} characters long.`;
  if (common.has(password.toLowerCase())) return "That password is on a list of common passwords; choose another.";
  return undefined;
}
