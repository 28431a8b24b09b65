/** Who may use the console's API, shared by every route module of the console and its features' routes. */
import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type * as v from "valibot";
import { inputOf } from "#common/console-input.ts";
import { InputRefused } from "../db/errors.ts";
import { isLoopbackSelf } from "../loopback-origin.ts";
import type { AuditAction } from "../audit/audit-kinds.ts";
import type { Account, Role } from "./accounts-store.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in account (console routes only). */
    account?: Account;
  }
}

/** A session is stored by its id's hash: the table alone signs no one in. */
export const sessionHashOf = (sessionId: string) => createHash("sha256").update(sessionId).digest("base64url");

/** A preHandler that lets in any signed-in account. */
export const signedIn = async (request: FastifyRequest, reply: FastifyReply) => {
  if (!request.account) return reply.code(401).send({ error: "Sign in first." });
};

/** A preHandler that lets in the accounts of `roles`, telling the others (403) `refusal`. */
export const only =
  (roles: readonly Role[], refusal: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.account) return reply.code(401).send({ error: "Sign in first." });
    if (!roles.includes(request.account.role)) return reply.code(403).send({ error: refusal });
  };

/** Personal data: owners only. */
export const owners = only(["owner"], "Only an owner account may see this.");

/**
 * Only the console's own origin (SITE_URL's) may change anything. The Host is no proof (a rebound DNS name sends
 * its own), except a loopback one: the server run on this machine at its own address (loopback-origin.ts).
 */
export function isSameOrigin(request: FastifyRequest, siteOrigin: string): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite !== undefined && fetchSite !== "same-origin") return false;
  const origin = request.headers.origin;
  if (origin === undefined) return fetchSite === "same-origin";
  return origin === siteOrigin || isLoopbackSelf(request, origin);
}

/** Writes what the signed-in account (or `account`, for a sign-in) did, from the request's address. */
export const audit = (request: FastifyRequest, action: AuditAction, detail = "", account = request.account!.email) =>
  request.server.stores.console.audit({ at: new Date().toISOString(), account, address: request.ip, action, detail });

/** A body or query as its schema (common/console-input.ts) takes it; a refusal answers 400 with its message. */
export const inputFrom = <S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> =>
  inputOf(schema, value, (message) => new InputRefused(message));
