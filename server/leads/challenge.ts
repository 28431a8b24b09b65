/**
 * The proof-of-work challenge a browser solves before a sign-up is accepted while strangers
 * press on the confirmation budget (issue 29; when: challenge-demand.ts), the ALTCHA way and
 * with no third party: the server picks a secret number n ≤ maxnumber and a salt that carries
 * its expiry, and sends `challenge = SHA-256(salt + n)` signed with an HMAC; the browser tries
 * numbers until the hash matches (common/challenge-solver.ts) and sends them back.
 * The server needs no memory of what it issued (the signature proves it), only of what was
 * solved, so that each solution counts once on every instance (ChallengeStore).
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { transaction, type Db } from "../db/query.ts";
import type { OutgoingMail } from "../outbox/mail.ts";
import type { ChallengeStore } from "./store.ts";

export interface Challenge {
  algorithm: "SHA-256";
  /** Hex SHA-256 of `salt` followed by the secret number in decimal. */
  challenge: string;
  /** The highest number the secret can be: how long the search takes (on average half of it). */
  maxnumber: number;
  /** Random hex, then `?expires=<unix seconds>`: bound to the challenge by its hash. */
  salt: string;
  /** Hex HMAC-SHA256 of `challenge` under the server's key. */
  signature: string;
}

/** A challenge is answered within this time (10 min); the visitor's browser needs about a second. */
export const challengeLifetimeMs = 10 * 60 * 1000;
/** The wire field a solved challenge is sent in (base64 of its JSON), beside the form's fields. */
export const challengeField = "challenge";

type ChallengeVerdict = "accepted" | "malformed" | "bad signature" | "expired" | "wrong number" | "used";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const sign = (key: string, challenge: string) => createHmac("sha256", key).update(challenge).digest("hex");

/** The challenges' own key from the newsletter secret: a signed link and a challenge never pass for each other. */
export const challengeKey = (secret: string) =>
  createHmac("sha256", secret).update("proof-of-work challenge").digest("hex");

export function issueChallenge(key: string, now: Date, maxNumber: number, lifetimeMs = challengeLifetimeMs): Challenge {
  const expires = Math.ceil((now.getTime() + lifetimeMs) / 1000);
  const salt = `${randomBytes(12).toString("hex")}?expires=${expires}`;
  const challenge = sha256(`${salt}${randomInt(0, maxNumber + 1)}`);
  return { algorithm: "SHA-256", challenge, maxnumber: maxNumber, salt, signature: sign(key, challenge) };
}

interface Solution {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

function parseSolution(payload: unknown): Solution | undefined {
  if (typeof payload !== "string" || payload.length === 0 || payload.length > 1000) return undefined;
  let solution: unknown;
  try {
    solution = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  } catch {
    return undefined;
  }
  if (!solution || typeof solution !== "object") return undefined;
  const { algorithm, challenge, number, salt, signature } = solution as Record<string, unknown>;
  const hex64 = (value: unknown): value is string => typeof value === "string" && /^[0-9a-f]{64}$/.test(value);
  if (algorithm !== "SHA-256" || !hex64(challenge) || !hex64(signature)) return undefined;
  if (typeof salt !== "string" || salt.length > 200 || !Number.isSafeInteger(number) || (number as number) < 0)
    return undefined;
  return { algorithm, challenge, number: number as number, salt, signature };
}

/**
 * Checks a solution sent by a browser: our signature, not expired, the number gives the hash;
 * then spends it in `store`, so it is accepted once. Only an accepted one is spent.
 */
export async function verifySolution(
  key: string,
  payload: unknown,
  now: Date,
  store: ChallengeStore,
): Promise<ChallengeVerdict> {
  const solution = parseSolution(payload);
  if (!solution) return "malformed";
  const expected = Buffer.from(sign(key, solution.challenge));
  if (!timingSafeEqual(expected, Buffer.from(solution.signature))) return "bad signature";
  const expires = Number(/[?&]expires=(\d{1,12})(?:&|$)/.exec(solution.salt)?.[1] ?? Number.NaN) * 1000;
  if (!(expires > now.getTime())) return "expired";
  if (sha256(`${solution.salt}${solution.number}`) !== solution.challenge) return "wrong number";
  return (await store.spend(solution.challenge, new Date(expires), now)) ? "accepted" : "used";
}

/** A mail to a visitor whose request passed the challenge goes out ahead of the others (mail.ts: "proven"). */
export const provenIf = (proven: boolean, mail: OutgoingMail): OutgoingMail =>
  proven ? { ...mail, priority: "proven" } : mail;

/** Solved challenges in the database (migration 0051): one-use for every instance on it. */
export const challengeStore = (db: Db): ChallengeStore => ({
  spend: (challenge, expiresAt, now) =>
    transaction(db, async (tx) => {
      // A few expired ones go with each spend, so the table does not grow.
      const expired = tx
        .selectFrom("challenge_solutions")
        .select("challenge")
        .where("expires_at", "<", now.toISOString())
        .limit(20);
      await tx.deleteFrom("challenge_solutions").where("challenge", "in", expired).execute();
      const { numInsertedOrUpdatedRows } = await tx
        .insertInto("challenge_solutions")
        .values({ challenge, expires_at: expiresAt.toISOString() })
        .onConflict((conflict) => conflict.column("challenge").doNothing())
        .executeTakeFirst();
      return Number(numInsertedOrUpdatedRows ?? 0) > 0;
    }),
});
