/**
 * The proof-of-work gate both lead forms pass (challenge.ts issues and checks the challenge,
 * challenge-demand.ts says when a sign-up needs one): the one place that reads a request's
 * solution, counts its network's requests for the form this hour and decides. A request whose
 * solution is unused is "proven"; one that must bring a solution first is "challenge"; any other
 * is "taken" as it is. One challenge endpoint serves both forms.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { challengeField, challengeKey, issueChallenge, verifySolution } from "./challenge.ts";
import { memoryNetworkCounter, networkOf, redisNetworkCounter, type ChallengeReason } from "./challenge-demand.ts";
import { leadRateLimit } from "./guards.ts";
import { pickFields, requestFields } from "./wire-fields.ts";

/** Where a browser gets a challenge to solve (its path predates the question form's use of it). */
export const challengePath = "/mailingList/challenge";

type GateVerdict = "proven" | "challenge" | "taken";

export interface ChallengeGate {
  /**
   * `form` names the per-network count; `pressure` says why the form needs a challenge now
   * apart from the count (the newsletter's mail budget), given the network's requests this hour.
   */
  verdict(
    form: "contact" | "newsletter",
    request: FastifyRequest,
    now: Date,
    pressure: (networkRequests: number) => Promise<ChallengeReason | undefined>,
  ): Promise<GateVerdict>;
}

/** Registers the challenge endpoint on `app` and returns the gate; `redis` shares the counts between instances. */
export function challengeGate(app: FastifyInstance, secret: string, redis?: Redis): ChallengeGate {
  const { config, challengeStore } = app;
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
    async verdict(form, request, now, pressure) {
      const requests = await counters[form].add(networkOf(request.ip), now);
      const proof = pickFields(requestFields(request), [challengeField])[challengeField];
      if (proof !== undefined && (await verifySolution(key, proof, now, challengeStore)) === "accepted")
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
