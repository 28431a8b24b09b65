/**
 * The console's settings: how long a session lives. Read from the environment at start-up like
 * the rest of config.ts; a bad value stops the start with a message naming the variable.
 */
import { ConfigError } from "#common/site.ts";

export interface ConsoleSettings {
  /** A session unused this long ends (CONSOLE_IDLE_MINUTES, default 480: 8 h). */
  idleMs: number;
  /** A session ends this long after its sign-in, used or not (CONSOLE_SESSION_DAYS, default 7). */
  absoluteMs: number;
  /** Failed sign-ins per address or account within `failureWindowMs` before each answer is slowed (3) and then refused (10). */
  slowAfter: number;
  refuseAfter: number;
  failureWindowMs: number;
}

export function loadConsoleSettings(env: Record<string, string | undefined> = process.env): ConsoleSettings {
  const problems: string[] = [];
  const number = (name: string, fallback: string, min: number, max: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < min || value > max)
      problems.push(`${name} must be a whole number from ${min} to ${max} (got ${JSON.stringify(env[name])})`);
    return value;
  };
  const idleMinutes = number("CONSOLE_IDLE_MINUTES", "480", 1, 7 * 24 * 60);
  const days = number("CONSOLE_SESSION_DAYS", "7", 1, 90);
  if (problems.length) throw new ConfigError(`Invalid server configuration:\n  - ${problems.join("\n  - ")}`);
  return { idleMs: idleMinutes * 60_000, absoluteMs: days * 86_400_000, slowAfter: 3, refuseAfter: 10, failureWindowMs: 15 * 60_000 };
}
