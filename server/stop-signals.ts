/**
 * What SIGTERM and SIGINT do to the running server. Ctrl-C in a terminal under npm delivers
 * SIGINT twice: the terminal's to the whole process group, and the one npm forwards to its
 * child. So one press must not count as "stop at once": the first signal starts the graceful
 * stop, a second while it runs only says so, and a third (a second Ctrl-C) ends the process at
 * once with 128 + the signal's number, as a shell reports a death by that signal. SQLite
 * replays the WAL such an exit leaves at the next start; nothing acknowledged is lost.
 */
import { constants } from "node:os";

export const stopSignals = ["SIGTERM", "SIGINT"] as const;
export type StopSignal = (typeof stopSignals)[number];

export type StopAction = "stop" | "keep stopping" | "stop at once";

/** What the `count`-th stop signal received (1 for the first) does. */
export function stopAction(count: number): StopAction {
  if (count <= 1) return "stop";
  return count === 2 ? "keep stopping" : "stop at once";
}

/** The exit code of a stop at once: 130 for SIGINT, 143 for SIGTERM. */
export const forcedExitCode = (signal: StopSignal): number => 128 + constants.signals[signal];

interface Log {
  info(message: string): void;
  warn(message: string): void;
  error(object: unknown, message: string): void;
}

/** Listens for every stop signal for the life of the process; `stop` is the graceful stop. */
export function handleStopSignals({
  stop,
  log,
  exit = (code) => process.exit(code),
}: {
  stop: () => Promise<void>;
  log: Log;
  exit?: (code: number) => void;
}): void {
  let received = 0;
  for (const signal of stopSignals) {
    process.on(signal, () => {
      switch (stopAction(++received)) {
        case "stop":
          log.info(`${signal}: finishing in-flight requests, then stopping`);
          stop().then(
            () => exit(0),
            (error: unknown) => {
              log.error(error, "stop: failed");
              exit(1);
            },
          );
          break;
        case "keep stopping":
          log.info(`${signal} again: still finishing in-flight requests (one more stops at once)`);
          break;
        case "stop at once":
          log.warn(`${signal} a third time: stopping at once, requests in flight are cut off`);
          exit(forcedExitCode(signal));
      }
    });
  }
}
