/** The console's settings: session lifetimes and audit retention from the environment (config.ts), and the limits. */
import type { ServerConfig } from "../config.ts";

export type ConsoleSettings = ReturnType<typeof consoleSettings>;

export function consoleSettings(
  config: Pick<ServerConfig, "consoleIdleMinutes" | "consoleSessionDays" | "consoleAuditDays">,
) {
  return {
    /** A session unused this long ends. */
    idleMs: config.consoleIdleMinutes * 60_000,
    /** A session ends this long after its sign-in, used or not. */
    absoluteMs: config.consoleSessionDays * 86_400_000,
    /** Audit log entries older than this are deleted. */
    auditRetentionMs: config.consoleAuditDays * 86_400_000,
    /** Sign-in attempts (of the address, the account, or both) within `failureWindowMs` after which each is slowed. */
    slowAfter: 3,
    /** Attempts of the address, or of the account at the address, after which that address is refused. */
    refuseAfter: 10,
    failureWindowMs: 15 * 60_000,
    /** Password checks (scrypt) this instance runs at once (password-gate.ts). */
    passwordChecksAtOnce: 2,
    /** Sign-ins that may wait for a check; past them the answer is 503. */
    passwordChecksWaiting: 32,
    /** Rows of an address's failed sign-ins in an hour, past which one "… and N more" row counts the rest. */
    failedSignInRowsPerHour: 10,
  };
}
