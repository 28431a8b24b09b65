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
