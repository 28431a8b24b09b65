/** The console's sessions: the check, sign-in (password, then TOTP), sign-out; failures limited by sign-in-limit.ts. */
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { consoleApiPath, consoleCookie, consolePath } from "#common/console.ts";
import type { ConsoleAccount, SessionAnswer } from "#common/console-api.ts";
import { accountNameInput, signInInput } from "#common/console-input.ts";
import { audit, inputFrom, sessionHashOf, signedIn } from "./access.ts";
import { busy, passwordGate } from "./password-gate.ts";
import { decoyHash, verifyPassword } from "./passwords.ts";
import type { ConsoleSettings } from "./settings.ts";
import { limitKeys, memoryCounter, redisCounter, verdict } from "./sign-in-limit.ts";
import type { Account } from "./accounts-store.ts";
import { totpStepOf } from "./totp.ts";

export const signInError = "Wrong email or password.";

const who = (account: Account): ConsoleAccount => ({ email: account.email, name: account.name, role: account.role });

export async function sessionRoutes(
  app: FastifyInstance,
  { settings, redis }: { settings: ConsoleSettings; redis?: Redis },
) {
  const store = app.stores.console;
  const attempts = redis ? redisCounter(redis, settings.failureWindowMs) : memoryCounter(settings.failureWindowMs);
  const gate = passwordGate({ atOnce: settings.passwordChecksAtOnce, waiting: settings.passwordChecksWaiting });
  const secure = app.config.site.siteUrl.startsWith("https:");
  // Written here rather than by reply.setCookie: @fastify/cookie orders the attributes otherwise,
  // and the tests pin this exact header.
  const cookie = (value: string, maxAgeSeconds: number) =>
    `${consoleCookie}=${value}; Path=${consolePath}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? "; Secure" : ""}`;
  // Failed sign-ins come in floods: counted in one row per address, reason and minute, a few an hour.
  const auditFailure = (request: FastifyRequest, account: string, detail: string) =>
    store.auditRepeated(
      { at: new Date().toISOString(), account, address: request.ip, action: "sign-in-failed", detail },
      { perHour: settings.failedSignInRowsPerHour },
    );

  // The one API that answers 200 without a session: the sign-in page asks it on every visit (a 401
  // would log a browser console error each time), and without a session it holds nothing but that.
  app.get(`${consoleApiPath}/session`, async (request): Promise<SessionAnswer> =>
    request.account ? { signedIn: true, account: who(request.account) } : { signedIn: false },
  );

  app.post(`${consoleApiPath}/session`, async (request, reply) => {
    const { email, password, code } = inputFrom(signInInput, request.body);
    const keys = limitKeys(request.ip, email);
    const all = [keys.address, keys.pair, keys.account];
    // Counted before the check (sign-in-limit.ts), so requests sent at once cannot all be checked.
    const [address, pair, ofAccount] = (await attempts.reserve(all)).map((n) => n - 1);
    const allowed = verdict({ address, pair, account: ofAccount }, settings);
    // No audit row: a refusal checked nothing, and a flood of them would only fill the log.
    if (allowed.refused) return reply.code(429).send({ error: "Too many failed sign-ins. Try again in 15 minutes." });
    if (allowed.delayMs) await sleep(allowed.delayMs);
    const account = email ? await store.account(email) : undefined;
    // An unknown address costs the same scrypt as a known one, so the time does not tell them apart.
    const hash = account?.passwordHash ?? (await decoyHash());
    const passwordOk = await gate.run(() => verifyPassword(password, hash));
    if (passwordOk === busy) {
      await attempts.giveBack(all);
      return reply
        .code(503)
        .header("retry-after", "5")
        .send({ error: "Too many sign-ins at once. Try again in a few seconds." });
    }
    if (!account || !passwordOk) {
      await auditFailure(request, email, account ? "wrong password" : "unknown address");
      return reply.code(401).send({ error: signInError });
    }
    if (account.totpSecret) {
      if (!code) {
        // The right password is no failure: the attempt is given back until its code comes.
        await attempts.giveBack(all);
        return reply.code(401).send({ error: "Enter the 6-digit code from your authenticator app.", needCode: true });
      }
      // A code is taken once (ASVS 2.8.4): a step at or before the last one used is a wrong code.
      const step = totpStepOf(account.totpSecret, code, new Date());
      if (step === undefined || !(await store.useTotpStep(account.id, step))) {
        await auditFailure(request, email, "wrong authenticator code");
        return reply.code(401).send({
          error: "That code is not right. Enter the current code from your authenticator app.",
          needCode: true,
        });
      }
    }
    // A new id on every sign-in; a session the browser still held ends.
    const previous = request.cookies[consoleCookie];
    if (previous) await store.endSession(sessionHashOf(previous));
    const sessionId = randomBytes(32).toString("base64url");
    await store.addSession(sessionHashOf(sessionId), account.id, new Date());
    // A success is no failure: the account starts again, and the address's count loses this attempt.
    await attempts.clear([keys.pair, keys.account]);
    await attempts.giveBack([keys.address]);
    await audit(request, "sign-in", "", account.email);
    return reply
      .header("set-cookie", cookie(sessionId, Math.floor(settings.absoluteMs / 1000)))
      .send({ signedIn: true, account: who(account) } satisfies SessionAnswer);
  });

  // Every role sets its own name, and only its own: the account is the session's.
  app.put(`${consoleApiPath}/session/name`, { preHandler: signedIn }, async (request): Promise<SessionAnswer> => {
    const { name } = inputFrom(accountNameInput, request.body);
    const { email } = request.account!;
    await store.updateAccount(email, { name }, new Date());
    await audit(request, "name-changed", name ? `"${name}"` : "removed");
    const account = await store.account(email);
    return account ? { signedIn: true, account: who(account) } : { signedIn: false };
  });

  app.delete(`${consoleApiPath}/session`, { preHandler: signedIn }, async (request, reply) => {
    await store.endSession(sessionHashOf(request.cookies[consoleCookie]!));
    await audit(request, "sign-out");
    return reply.header("set-cookie", cookie("", 0)).send({ ok: true });
  });

  app.post(`${consoleApiPath}/session/everywhere`, { preHandler: signedIn }, async (request, reply) => {
    const ended = await store.endSessionsOf(request.account!.id);
    await audit(request, "sign-out-everywhere", `${ended} sessions`);
    return reply.header("set-cookie", cookie("", 0)).send({ ok: true, ended });
  });
}
