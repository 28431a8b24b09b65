/**
 * The console's settings: how long a session lives (CONSOLE_IDLE_MINUTES and CONSOLE_SESSION_DAYS,
 * rows of the server's settings table in config.ts), how long the audit log keeps an entry
 * (CONSOLE_AUDIT_DAYS), the sign-in limits and the ceiling on password checks at once.
 */
import type { ServerConfig } from "../config.ts";

export interface ConsoleSettings {
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after its sign-in, used or not. */
  absoluteMs: number;
  /** Sign-in attempts (of the address, the account, or both) within `failureWindowMs` after which each answer is slowed: 3. */
  slowAfter: number;
  /** Attempts of the address, or of the account at the address, after which that address is refused: 10. */
  refuseAfter: number;
  failureWindowMs: number;
  /** Password checks (scrypt) this instance runs at once (password-gate.ts): 2. */
  passwordChecksAtOnce: number;
  /** Sign-ins that may wait for a check; past them the answer is 503: 32. */
  passwordChecksWaiting: number;
  /** Audit log entries older than this are deleted. */
  auditRetentionMs: number;
  /** Rows of an address's failed sign-ins in an hour, past which one "… and N more" row counts the rest: 10. */
  failedSignInRowsPerHour: number;
}

export function consoleSettings(
  config: Pick<ServerConfig, "consoleIdleMinutes" | "consoleSessionDays" | "consoleAuditDays">,
): ConsoleSettings {
  return {
    idleMs: config.consoleIdleMinutes * 60_000,
    absoluteMs: config.consoleSessionDays * 86_400_000,
    auditRetentionMs: config.consoleAuditDays * 86_400_000,
    slowAfter: 3,
    refuseAfter: 10,
    failureWindowMs: 15 * 60_000,
    passwordChecksAtOnce: 2,
    passwordChecksWaiting: 32,
    failedSignInRowsPerHour: 10,
  };
}
