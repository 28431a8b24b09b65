/**
 * The proof-of-work challenge both lead forms pass while strangers press on them (issue 29), the
 * ALTCHA way: `challenge = SHA-256(salt + n)` for a secret n ≤ maxnumber, signed with an HMAC, the
 * salt carrying its expiry; the browser searches n (common/challenge-solver.ts). Nothing issued is
 * remembered (the signature proves it), only what was solved (ChallengeStore). Asked only while
 * the confirmation budget is pressed or a network (IPv4 /24, IPv6 /56) sends more than its share.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import * as v from "valibot";
import type { Challenge } from "#common/challenge-solver.ts";
import { transaction, type Db } from "../db/query.ts";
import type { OutgoingMail } from "../outbox/mail.ts";
import { leadRateLimit } from "./guards.ts";
import type { ChallengeStore, ConfirmationLimits, ConfirmationLoad } from "./store.ts";
import { pickFields, requestFields } from "./wire-fields.ts";

/** A challenge is answered within this time (10 min); the visitor's browser needs about a second. */
export const challengeLifetimeMs = 10 * 60 * 1000;
/** The wire field a solved challenge is sent in (base64 of its JSON), beside the form's fields. */
const challengeField = "challenge";

type ChallengeVerdict = "accepted" | "malformed" | "bad signature" | "expired" | "wrong number" | "used";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const sign = (key: string, challenge: string) => createHmac("sha256", key).update(challenge).digest("hex");

/** The challenges' own key from the newsletter secret: a signed link and a challenge never pass for each other. */
export const challengeKey = (secret: string) =>
  createHmac("sha256", secret).update("proof-of-work challenge").digest("hex");

/** The salt is random hex, then `?expires=<unix seconds>`: bound to the challenge by its hash. */
export function issueChallenge(key: string, now: Date, maxNumber: number, lifetimeMs = challengeLifetimeMs): Challenge {
  const expires = Math.ceil((now.getTime() + lifetimeMs) / 1000);
  const salt = `${randomBytes(12).toString("hex")}?expires=${expires}`;
  const challenge = sha256(`${salt}${randomInt(0, maxNumber + 1)}`);
  return { algorithm: "SHA-256", challenge, maxnumber: maxNumber, salt, signature: sign(key, challenge) };
}

const hex64 = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/));
const solutionSchema = v.object({
  algorithm: v.literal("SHA-256"),
  challenge: hex64,
  number: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  salt: v.pipe(v.string(), v.maxLength(200)),
  signature: hex64,
});

function parseSolution(payload: unknown) {
  if (typeof payload !== "string" || payload.length === 0 || payload.length > 1000) return undefined;
  try {
    const result = v.safeParse(solutionSchema, JSON.parse(Buffer.from(payload, "base64").toString("utf8")));
    return result.success ? result.output : undefined;
  } catch {
    return undefined;
  }
}

/** Checks a solution (our signature, not expired, the right number), then spends it in `store`: accepted once. */
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

export interface ChallengeSettings {
  /** Challenge every sign-up once this percentage of an hourly budget is spent (CHALLENGE_FROM_BUDGET_PERCENT; 0: always). */
  budgetPercent: number;
  /** Sign-ups a network may send an hour before its sign-ups are challenged (SIGNUPS_PER_NETWORK_PER_HOUR). */
  signupsPerNetworkPerHour: number;
  /** Questions a network may send an hour before its questions are challenged (QUESTIONS_PER_NETWORK_PER_HOUR). */
  questionsPerNetworkPerHour: number;
  /** The challenge's highest secret number (CHALLENGE_MAX_NUMBER): a browser tries half of it on average. */
  maxNumber: number;
}

export const defaultChallengeSettings: ChallengeSettings = {
  budgetPercent: 50,
  signupsPerNetworkPerHour: 10,
  questionsPerNetworkPerHour: 20,
  maxNumber: 100_000,
};

type ChallengeReason = "budget" | "domain budget" | "waiting" | "network";

/** Why a question must be challenged: only its network's count (its mail goes to sales, no budget). */
export const questionChallengeReason = (
  networkQuestions: number,
  settings: ChallengeSettings,
): ChallengeReason | undefined => (networkQuestions > settings.questionsPerNetworkPerHour ? "network" : undefined);

/** Why this sign-up must be challenged, or undefined when it need not be. */
export function challengeReason(
  load: ConfirmationLoad,
  networkSignups: number,
  limits: ConfirmationLimits,
  settings: ChallengeSettings,
): ChallengeReason | undefined {
  const share = settings.budgetPercent / 100;
  if (load.waiting > 0) return "waiting";
  if (load.allLastHour >= limits.perHour * share) return "budget";
  if (load.domainLastHour >= limits.perDomainPerHour * share) return "domain budget";
  if (networkSignups > settings.signupsPerNetworkPerHour) return "network";
  return undefined;
}

/** The network an address belongs to for the per-network count: `203.0.113.0/24`, `2001:db8:0:ab00::/56`. */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const v4 = mapped ?? address;
  if (isIPv4(v4)) return `${v4.split(".").slice(0, 3).join(".")}.0/24`;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address.split("%")[0]);
  return `${groups[0].toString(16)}:${groups[1].toString(16)}:${groups[2].toString(16)}:${(groups[3] & 0xff00).toString(16)}::/56`;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, an IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = tail
    ? `${address.slice(0, tail.index)}${((+tail[1] << 8) | +tail[2]).toString(16)}:${((+tail[3] << 8) | +tail[4]).toString(16)}`
    : address;
  const [head, rest] = text.split("::");
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const front = part(head);
  const back = part(rest);
  return rest === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** Counts requests per network in the current window (one clock hour); `add` counts one and gives the count. */
interface NetworkCounter {
  add(network: string, now: Date): Promise<number>;
}

const hourMs = 60 * 60 * 1000;

/** In this process: each instance counts its own (as the rate limits do without REDIS_URL). */
export function memoryNetworkCounter(windowMs = hourMs, maxNetworks = 100_000): NetworkCounter {
  let window = -1;
  const counts = new Map<string, number>();
  return {
    async add(network, now) {
      const current = Math.floor(now.getTime() / windowMs);
      // A new window, or more networks than memory should hold (an IPv6 sweep): start over.
      if (current !== window || counts.size >= maxNetworks) {
        window = current;
        counts.clear();
      }
      const n = (counts.get(network) ?? 0) + 1;
      counts.set(network, n);
      return n;
    },
  };
}

/** In Redis (REDIS_URL): one count for every instance; while Redis is away, this process counts. `what` names the count. */
export function redisNetworkCounter(redis: Redis, what: string, windowMs = hourMs): NetworkCounter {
  const fallback = memoryNetworkCounter(windowMs);
  return {
    async add(network, now) {
      const key = `challenge-network:${what}:${Math.floor(now.getTime() / windowMs)}:${network}`;
      try {
        const replies = await redis.multi().incr(key).pexpire(key, windowMs).exec();
        const count = replies?.[0]?.[1];
        if (typeof count === "number") return count;
      } catch {
        // Counted here instead: a missing Redis must not stop sign-ups.
      }
      return fallback.add(network, now);
    },
  };
}

/** Where a browser gets a challenge to solve (its path predates the question form's use of it). */
export const challengePath = "/mailingList/challenge";

/** The gate both forms pass: "proven" (with an unused solution), "challenge" (bring one first) or "taken". */
export type ChallengeGate = ReturnType<typeof challengeGate>;

/** Registers the challenge endpoint on `app` and returns the gate; `redis` shares the counts between instances. */
export function challengeGate(app: FastifyInstance, secret: string, redis?: Redis) {
  const { config } = app;
  const key = challengeKey(secret);
  const counters = {
    contact: redis ? redisNetworkCounter(redis, "questions") : memoryNetworkCounter(),
    newsletter: redis ? redisNetworkCounter(redis, "signups") : memoryNetworkCounter(),
  };
  app.get(
    challengePath,
    { exposeHeadRoute: false, config: { rateLimit: leadRateLimit(config) } },
    async (_request, reply) =>
      reply.header("cache-control", "no-store").send(issueChallenge(key, new Date(), config.challenge.maxNumber)),
  );

  // Said in the log at most once a minute per form: an attack would otherwise write a line a request.
  const logged = { contact: 0, newsletter: 0 };
  return {
    /** `pressure`: why the form needs a challenge now (the newsletter's budget), given the network's count. */
    async verdict(
      form: "contact" | "newsletter",
      request: FastifyRequest,
      now: Date,
      pressure: (networkRequests: number) => Promise<ChallengeReason | undefined>,
    ): Promise<"proven" | "challenge" | "taken"> {
      const requests = await counters[form].add(networkOf(request.ip), now);
      const proof = pickFields(requestFields(request), [challengeField])[challengeField];
      if (proof !== undefined && (await verifySolution(key, proof, now, app.stores.challenges)) === "accepted")
        return "proven";
      const reason = await pressure(requests);
      if (!reason) return "taken";
      if (now.getTime() - logged[form] > 60_000) {
        logged[form] = now.getTime();
        request.log.warn({ reason, form }, `${form}: requests must pass the proof-of-work challenge`);
      }
      return "challenge";
    },
  };
}
