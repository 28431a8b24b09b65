/**
 * Stopping without cutting anyone off. Node counts a connection idle once res.end() is called, body
 * still queued, and server.close() destroys idle ones: a slow download would be reset. So the stop
 * waits until every socket has flushed, then closes the app (requests in flight, onClose hooks).
 * A connection still open `graceMs` later is closed (issue 18: stalled uploads held a stop 40 s),
 * and a stop not done after `stopDeadlineMs` is logged and ends anyway.
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

/** The most a stop may take, under Kubernetes' 30 s kill: a part that never closes is reported, not awaited. */
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
