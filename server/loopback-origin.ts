/**
 * The one case where a request's Host may vouch for its Origin: the server run on this machine
 * at its own loopback address (npm start, npm run dev, the e2e tests) while SITE_URL names the
 * public site. Any other Host is no proof: a rebound DNS name makes the browser send its own Host
 * and Origin (and call the request same-origin), and a proxy passes X-Forwarded-Host on as sent.
 * A page elsewhere cannot make a browser send a loopback Host.
 */
import type { FastifyRequest } from "fastify";

const loopbackHost = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** Whether `origin` is the loopback address this request was sent to. */
export function isLoopbackSelf(request: FastifyRequest, origin: string): boolean {
  return loopbackHost.test(request.host) && origin === `${request.protocol}://${request.host}`;
}
