/**
 * Signed newsletter links, `<id>.<hmac>`: the HMAC covers the purpose, id and address (and a
 * confirmation link the current nonce, store.ts), so a link works only for what it was made for.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { minSecretBytes } from "../config.ts";
import type { DatabaseEngine } from "../db/engine.ts";
import { newsletterSecretFile, readSecretFile, writeFileAtomically } from "../db/secret-file.ts";
import { sharedSetting } from "../db/settings.ts";
import { StartupError } from "../startup-error.ts";

export type TokenPurpose = "confirm" | "unsubscribe";

const mac = (secret: string, purpose: TokenPurpose, id: number, email: string, nonce: string) =>
  createHmac("sha256", secret)
    .update(`${purpose}\n${id}\n${email.toLowerCase()}${nonce ? `\n${nonce}` : ""}`)
    .digest("base64url");

/** `nonce`: the subscriber's confirmNonce for a confirmation link; none for unsubscribe links, which never expire. */
export function signToken(secret: string, purpose: TokenPurpose, id: number, email: string, nonce = ""): string {
  return `${id}.${mac(secret, purpose, id, email, nonce)}`;
}

/** The subscriber id a token names, before its signature is checked against their address. */
export function tokenId(token: unknown): number | undefined {
  if (typeof token !== "string" || token.length > 200) return undefined;
  const match = /^(\d{1,15})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match ? Number(match[1]) : undefined;
}

export function verifyToken(token: string, ...signed: Parameters<typeof signToken>): boolean {
  const expected = Buffer.from(signToken(...signed));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The key of the signed links: NEWSLETTER_SECRET; else, on PostgreSQL, one kept in its settings
 * table, so every instance shares it (failing that, no start: a per-instance key would break
 * the others' links); else (SQLite, one instance) one kept in the data folder.
 */
export async function newsletterSecret(configured: string, dataDir: string, database: DatabaseEngine): Promise<string> {
  if (configured) return configured;
  if (database.kind === "sqlite") return fileSecret(dataDir);
  try {
    const shared = await sharedSetting(database, "newsletter_secret", () => randomBytes(32).toString("base64url"));
    if (Buffer.byteLength(shared) < minSecretBytes)
      throw new Error(`the stored one is shorter than ${minSecretBytes} bytes`);
    return shared;
  } catch (error) {
    const reason = (error as { code?: string }).code ?? (error as Error).message;
    throw new StartupError(
      `No newsletter secret: NEWSLETTER_SECRET is not set and the shared database (DATABASE_URL) could not give one (${reason}). Set NEWSLETTER_SECRET to the same value (32 bytes or more, e.g. openssl rand -base64 32) on every instance, or let the database user write the settings table.`,
    );
  }
}

/** A short or empty file (a full disk, a hand edit) stops the start: an empty key would let anyone sign links. */
function fileSecret(dataDir: string): string {
  const file = newsletterSecretFile(dataDir);
  const stored = readSecretFile(file);
  if (stored !== undefined) {
    if (Buffer.byteLength(stored) >= minSecretBytes) return stored;
    throw new StartupError(
      `The newsletter secret in ${path.relative(process.cwd(), file) || file} is ${stored ? `only ${Buffer.byteLength(stored)} bytes` : "empty"} (at least ${minSecretBytes} needed): delete the file to have a new one made (links already mailed stop working), or set NEWSLETTER_SECRET.`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileAtomically(file, secret);
  return secret;
}
