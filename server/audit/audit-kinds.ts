/** Every action the audit log records and its kind (common/console-audit.ts): one map, so none lacks a kind. */
import type { AuditKind } from "#common/console-audit.ts";

const kindOf = {
  "sign-in": "sessions",
  "sign-out": "sessions",
  "sign-out-everywhere": "sessions",
  "sign-in-failed": "failed-sign-ins",
  export: "data",
  "data-request": "data",
  erase: "data",
  /** Entries written before the lead pipeline (migration 0330); new ones are lead-changed. */
  "lead-handled": "data",
  "lead-changed": "data",
  "subscriber-resend": "data",
  "subscriber-unsubscribed": "data",
  "subscriber-import": "data",
  "account-added": "accounts",
  "account-removed": "accounts",
  "password-changed": "accounts",
  "totp-changed": "accounts",
  "name-changed": "accounts",
  upload: "content",
  "content-save": "content",
  "content-publish": "content",
  "content-schedule": "content",
  "content-unschedule": "content",
  "content-restore": "content",
  "content-unpublish": "content",
  "campaign-test": "content",
  "campaign-send": "content",
  "campaign-schedule": "content",
} as const satisfies Record<string, Exclude<AuditKind, "team" | "all">>;

export type AuditAction = keyof typeof kindOf;

/** The actions of a kind; undefined for all of them. */
export function actionsOf(kind: AuditKind): AuditAction[] | undefined {
  if (kind === "all") return undefined;
  return (Object.keys(kindOf) as AuditAction[]).filter((action) =>
    kind === "team" ? kindOf[action] !== "failed-sign-ins" : kindOf[action] === kind,
  );
}
