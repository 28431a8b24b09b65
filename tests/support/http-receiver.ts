/**
 * A real HTTP receiver on loopback for webhook and CRM tests and benchmarks: keeps every
 * request (headers and body) and answers as `respond` says: a status, or "hold" to keep the
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

export function httpReceiver({ port = 0, respond = (_request: ReceivedRequest, _index: number): number | "hold" => 204 } = {}) {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry = { url: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString(), at: performance.now() };
      received.push(entry);
      const status = respond(entry, received.length - 1);
      if (status !== "hold") response.writeHead(status).end();
    });
  });
  server.keepAliveTimeout = 1_000;
  const listening = new Promise<number>((resolve) => server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
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
