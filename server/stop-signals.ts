/**
 * What SIGTERM and SIGINT do. Ctrl-C under npm delivers SIGINT twice (the terminal's and npm's), so the
 * first starts the graceful stop, a second only says so, and a third ends at once with 128 + the signal's
 * number, as a shell reports it; SQLite replays the WAL such an exit leaves, nothing acknowledged is lost.
 */
import { constants } from "node:os";
import type { FastifyBaseLogger } from "fastify";

const stopSignals = ["SIGTERM", "SIGINT"] as const;

/** What the `count`-th stop signal received (1 for the first) does. */
export function stopAction(count: number): "stop" | "keep stopping" | "stop at once" {
  if (count <= 1) return "stop";
  return count === 2 ? "keep stopping" : "stop at once";
}

/** The exit code of a stop at once: 130 for SIGINT, 143 for SIGTERM. */
export const forcedExitCode = (signal: (typeof stopSignals)[number]): number => 128 + constants.signals[signal];

/** Listens for every stop signal for the life of the process; `stop` is the graceful stop. */
export function handleStopSignals({ stop, log }: { stop: () => Promise<void>; log: FastifyBaseLogger }): void {
  let received = 0;
  for (const signal of stopSignals) {
    process.on(signal, () => {
      switch (stopAction(++received)) {
        case "stop":
          log.info(`${signal}: finishing in-flight requests, then stopping`);
          stop().then(
            () => process.exit(0),
            (error: unknown) => {
              log.error(error, "stop: failed");
              process.exit(1);
            },
          );
          break;
        case "keep stopping":
          log.info(`${signal} again: still finishing in-flight requests (one more stops at once)`);
          break;
        case "stop at once":
          log.warn(`${signal} a third time: stopping at once, requests in flight are cut off`);
          process.exit(forcedExitCode(signal));
      }
    });
  }
}
