/**
 * A real HTTP receiver on loopback for webhook and CRM tests and benchmarks: keeps every
 * request (headers and body) and answers as `respond` says: a status (with headers), or "hold" to keep the
 * request open without an answer (a receiver that is slow, or a sender killed mid-request).
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when the body was complete. */
  at: number;
}

/** A status, a status with headers (a redirect's Location), or "hold". */
export type ReceiverAnswer = number | { status: number; headers: Record<string, string> } | "hold";

export function httpReceiver({
  port = 0,
  respond = (_request: ReceivedRequest, _index: number): ReceiverAnswer => 204,
} = {}) {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry = {
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
        at: performance.now(),
      };
      received.push(entry);
      const answer = respond(entry, received.length - 1);
      if (typeof answer === "number") response.writeHead(answer).end();
      else if (answer !== "hold") response.writeHead(answer.status, answer.headers).end();
    });
  });
  server.keepAliveTimeout = 1_000;
  const listening = new Promise<number>((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
  return {
    received,
    listening,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
