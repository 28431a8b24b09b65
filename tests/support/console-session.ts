/**
 * A console session for server tests that call the app with `inject`: the headers of a request
 * from the console's own page, and a signed-in account's cookie with them.
 */
import type { FastifyInstance } from "fastify";

export const consoleOrigin = "https://www.tallyway.example";
/** What a browser sends with a request from the console's own page (the Origin check passes). */
export const sameSite = { origin: consoleOrigin, "sec-fetch-site": "same-origin" } as const;

/** Signs in; gives the headers of a same-site request with the session's cookie. */
export async function consoleSession(app: FastifyInstance, email: string, password: string) {
  const response = await app.inject({
    method: "POST",
    url: "/admin/api/session",
    headers: sameSite,
    payload: { email, password },
  });
  const cookie = /^console_session=([^;]*)/.exec(String(response.headers["set-cookie"] ?? ""))?.[1];
  if (!cookie) throw new Error(`no session for ${email}: ${response.body}`);
  return { ...sameSite, cookie: `console_session=${cookie}` };
}

/** A change through the console's API: a POST with the headers of a session (or of none). */
export const consolePost = (
  app: FastifyInstance,
  headers: Record<string, string>,
  url: string,
  payload?: Record<string, unknown>,
) => app.inject({ method: "POST", url, headers, payload });

/** The console's APIs with personal data or figures: only owners and viewers may call them. */
export const personalDataApis: [method: "GET" | "POST", url: string][] = [
  ["GET", "/admin/api/leads"],
  ["GET", "/admin/api/leads.csv"],
  ["GET", "/admin/api/leads/1"],
  ["POST", "/admin/api/leads/1"],
  ["GET", "/admin/api/subscribers"],
  ["GET", "/admin/api/subscribers.csv"],
  ["POST", "/admin/api/subscribers/1/resend"],
  ["POST", "/admin/api/subscribers/1/unsubscribe"],
  ["GET", "/admin/api/usage"],
  ["POST", "/admin/api/data-requests"],
  ["POST", "/admin/api/data-requests/export"],
  ["POST", "/admin/api/data-requests/erase"],
  ["GET", "/admin/api/audit"],
];
