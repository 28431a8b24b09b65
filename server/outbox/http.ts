/**
 * The http channel's courier: POSTs the queued requests (handoff.ts). A webhook is signed at each
 * attempt the Standard Webhooks way (webhook-id from its row, the same on every retry; a timestamp
 * of this attempt), so a retry hours later still passes a receiver's five-minute window. One
 * endpoint being down never holds the others up (no outage mode on this channel).
 */
import { createHmac } from "node:crypto";
import { isRequest } from "./outbox-store.ts";
import type { Courier } from "./courier.ts";
import type { WebhookEndpoint } from "./handoff.ts";

/** A Standard Webhooks secret: "whsec_" and the base64 of the key. */
export const webhookSecretPattern = /^whsec_[A-Za-z0-9+/]{22,}={0,2}$/;

function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${messageId}.${timestampSeconds}.${body}`).digest("base64")}`;
}

class HttpStatusError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`HTTP ${status}`);
    this.status = status;
  }
}

/** A request that cannot be sent at all (its endpoint is no longer configured): given up. */
class Unsendable extends Error {}

/** 4xx other than 408 Request Timeout and 429 Too Many Requests: the receiver will not take it, however often it is sent. */
const isRefusal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/** Web-to-lead also by a 3xx: it redirects a post it took to its return page, and a second post is a second lead. */
export const delivered = (kind: "webhook" | "form" | "purge", status: number) =>
  (status >= 200 && status <= 299) || (kind === "form" && status >= 300 && status <= 399);

const timeoutMs = 10_000;
const userAgent = "Tallyway-Webhooks/1";

export function httpCourier(endpoints: readonly WebhookEndpoint[]): Courier {
  const secrets = new Map(endpoints.map((endpoint) => [endpoint.url, endpoint.secret]));
  return {
    channel: "http",
    async send(entry, signal) {
      if (!isRequest(entry)) throw new Unsendable("not a request");
      const headers: Record<string, string> = { "content-type": entry.contentType, "user-agent": userAgent };
      // A CDN purge is signed as a webhook is, so the CDN's worker verifies it with a Standard Webhooks library.
      if (entry.kind === "webhook" || entry.kind === "purge") {
        const secret = secrets.get(entry.url);
        if (!secret) throw new Unsendable("endpoint no longer configured");
        const timestamp = Math.floor(Date.now() / 1000);
        Object.assign(headers, {
          "webhook-id": entry.messageId,
          "webhook-timestamp": String(timestamp),
          "webhook-signature": signWebhook(secret, entry.messageId, timestamp, entry.body),
        });
      }
      const response = await fetch(entry.url, {
        method: "POST",
        headers,
        body: entry.body,
        // Not followed: to a webhook a redirect is an answer other than 2xx, retried (and seen in
        // the log); web-to-lead answers every post with one to its return page (see delivered).
        redirect: "manual",
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
      await response.body?.cancel();
      if (!delivered(entry.kind, response.status)) throw new HttpStatusError(response.status);
    },
    judge: (error) =>
      error instanceof Unsendable || (error instanceof HttpStatusError && isRefusal(error.status))
        ? "give-up"
        : "retry",
    reasonOf(error) {
      if (error instanceof HttpStatusError || error instanceof Unsendable) return error.message;
      const cause = (error as { cause?: { code?: string } }).cause;
      return cause?.code ?? (error as Error).name ?? "Error";
    },
    close: () => {},
  };
}
