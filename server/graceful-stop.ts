/**
 * Stopping without cutting anyone off. Node counts a connection as idle as soon as its
 * response has been handed over with res.end(), even while most of the body is still queued
 * in the socket, and server.close() destroys idle connections: a slow client downloading a
 * large file would get a reset. So the stop first waits (up to a limit) until every socket
 * has flushed what it was given, then closes the app, which finishes the requests still
 * running and runs the features' onClose hooks (mail outbox, batched analytics writes).
 * A connection that is still open `graceMs` after that (a client that stalls its upload or
 * stops reading) is closed, so such clients cannot hold the stop up (issue 18: 1,100 stalled
 * uploads held it for 40 s). A stop that is still not done after `stopDeadlineMs` is logged and
 * ends anyway.
 */
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

export function trackSockets(app: FastifyInstance): Set<Socket> {
  const sockets = new Set<Socket>();
  app.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  return sockets;
}

/** Resolves once no socket has bytes waiting to be written, or after `limitMs`. */
export async function pendingWritesFlushed(sockets: Set<Socket>, limitMs = 10_000, pollMs = 20): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while ([...sockets].some((socket) => !socket.destroyed && socket.writableLength > 0)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return true;
}

/** How long after the close starts a connection may stay open (stalled uploads, answers not read). */
export const closeGraceMs = 2_000;

/**
 * The most a stop may take, flush included (10 s) and well under a supervisor's kill (30 s is
 * Kubernetes' default grace; the tests' teardown allows 60 s): a part that never closes (a pool
 * waiting for a connection nobody releases) is reported, not waited for.
 */
export const stopDeadlineMs = 25_000;

export async function stopGracefully(
  app: FastifyInstance,
  sockets: Set<Socket>,
  limitMs?: number,
  graceMs = closeGraceMs,
  deadlineMs = stopDeadlineMs,
): Promise<void> {
  let deadline: NodeJS.Timeout | undefined;
  const overdue = new Promise<void>((resolve) => {
    deadline = setTimeout(() => {
      app.log.error(
        `stop: not finished after ${deadlineMs} ms (a connection, timer or hook still open); exiting anyway`,
      );
      resolve();
    }, deadlineMs);
  });
  try {
    await Promise.race([close(app, sockets, limitMs, graceMs), overdue]);
  } finally {
    clearTimeout(deadline);
  }
}

async function close(app: FastifyInstance, sockets: Set<Socket>, limitMs: number | undefined, graceMs: number) {
  if (!(await pendingWritesFlushed(sockets, limitMs)))
    app.log.warn("stop: some responses were still being written when the time ran out");
  const cutOff = setTimeout(() => {
    const left = [...sockets].filter((socket) => !socket.destroyed);
    if (left.length) app.log.warn(`stop: closing ${left.length} connection(s) still open after ${graceMs} ms`);
    for (const socket of left) socket.destroy();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(cutOff);
  }
}
