/**
 * SMTP peers on loopback for tests and benchmarks: a real server (smtp-server) that keeps what
 * it receives, and a silent one that accepts connections and never says a word.
 */
import { createServer, type AddressInfo, type Socket } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Received {
  to: string;
  subject: string;
  messageId: string;
  raw: string;
  /** performance.now() when the message was accepted. */
  at: number;
}

/**
 * `replyDelayMs`: answer 250 that long after the data is complete, as a relay busy writing it
 * does; a sender killed in between has delivered the mail without hearing so, and sends it again.
 * `refuse`: recipients answered with a permanent 550 (a mailbox that does not exist).
 */
export function smtpPeer(
  port = 0,
  {
    onMessage = (_mail: Received) => {},
    replyDelayMs = 0,
    maxClients = 100,
    refuse = (_address: string): boolean => false,
  } = {},
) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Many connections at once from a pool, as a real relay takes them.
    maxClients,
    onRcptTo(address, _session, callback) {
      if (!refuse(address.address)) return callback();
      callback(Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString();
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address).join(","),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? "",
          messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1] ?? "",
          raw,
          at: performance.now(),
        };
        received.push(mail);
        onMessage(mail);
        if (replyDelayMs > 0) setTimeout(() => callback(), replyDelayMs);
        else callback();
      });
    },
  });
  server.on("error", () => {});
  const listening = new Promise<number>((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port)),
  );
  return { received, listening, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Accepts TCP connections and never sends the SMTP greeting (nor anything else). */
export function silentPeer() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.once("close", () => sockets.delete(socket));
  });
  const listening = new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
  return {
    listening,
    /** Connections accepted so far and still open. */
    open: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
