/**
 * A ceiling on the password checks run at once: each is a 32 MiB scrypt on one of libuv's four threads, which
 * file reads, DNS and zlib share. Up to `waiting` more wait in order (an owner signing in during a flood waits a
 * moment rather than failing); past that the gate is `busy` at once, and the sign-in answers 503.
 */
export const busy = Symbol("password checks busy");

export interface PasswordGate {
  /** Runs `check` when a place is free; `busy` without running it when too many already wait. */
  run<T>(check: () => Promise<T>): Promise<T | typeof busy>;
}

export function passwordGate({ atOnce, waiting }: { atOnce: number; waiting: number }): PasswordGate {
  let running = 0;
  const queue: (() => void)[] = [];
  // A finished check hands its place straight to the first waiter, so `running` never goes over.
  const done = () => {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    async run(check) {
      if (running < atOnce) running += 1;
      else if (queue.length >= waiting) return busy;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await check();
      } finally {
        done();
      }
    },
  };
}
