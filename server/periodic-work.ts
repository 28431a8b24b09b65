/**
 * Work run at start, every `everyMs` and when kicked, one run at a time per instance (instances are kept
 * apart by the stores' leases). Kicks during a run ask for exactly one more, so what they announced is seen.
 */

/** Reports the first failure of a series and none after until a try works: an outage fails every try. */
export function firstFailureOnly(report: (error: unknown) => void) {
  let failing = false;
  return async <T>(attempt: () => Promise<T>): Promise<T | undefined> => {
    try {
      const result = await attempt();
      failing = false;
      return result;
    } catch (error) {
      if (!failing) report(error);
      failing = true;
      return undefined;
    }
  };
}

export interface PeriodicOptions {
  /** Runs this often once started (the timer does not hold the process open); none: only kicks. */
  everyMs?: number;
  /** A run that threw: reported for the first of a series of failures (firstFailureOnly). */
  onError?(error: unknown): void;
}

/** `work` gets a signal that aborts on stop: a long run ends early at a safe point. */
export function periodicWork(
  work: (stopping: AbortSignal) => Promise<unknown>,
  { everyMs, onError = () => {} }: PeriodicOptions = {},
) {
  const stopping = new AbortController();
  const attempt = firstFailureOnly(onError);
  let running: Promise<void> | undefined;
  let again = false;
  let started = false;
  let timer: NodeJS.Timeout | undefined;

  /** Resolves once a run that began after this kick is over (at once after stop). */
  function kick(): Promise<void> {
    if (stopping.signal.aborted) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await attempt(() => work(stopping.signal));
      } while (again && !stopping.signal.aborted);
    })().finally(() => (running = undefined));
    return running;
  }

  return {
    kick,
    /** Runs now and every `everyMs`; a second start, or one after stop, does nothing. */
    start() {
      if (started || stopping.signal.aborted) return;
      started = true;
      if (everyMs !== undefined) timer = setInterval(() => void kick(), everyMs).unref();
      void kick();
    },
    /** No run starts after this; resolves when the one under way is over. */
    async stop(): Promise<void> {
      stopping.abort();
      clearInterval(timer);
      await running;
    },
  };
}
export type PeriodicWork = ReturnType<typeof periodicWork>;
