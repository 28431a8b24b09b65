/**
 * Which kind of the audit log (common/console-audit.ts) each action is: every action under one
 * (the type makes a new action name its kind), the team's being every kind but failed sign-ins.
 */
import type { AuditKind } from "#common/console-audit.ts";
import type { AuditAction } from "./store.ts";

const kindOf = {
  "sign-in": "sessions",
  "sign-out": "sessions",
  "sign-out-everywhere": "sessions",
  "sign-in-failed": "failed-sign-ins",
  export: "data",
  "data-request": "data",
  erase: "data",
  "lead-handled": "data",
  "lead-changed": "data",
  "subscriber-resend": "data",
  "subscriber-unsubscribed": "data",
  "subscriber-import": "data",
  "account-added": "accounts",
  "account-removed": "accounts",
  "password-changed": "accounts",
  "totp-changed": "accounts",
  upload: "content",
  "content-save": "content",
  "content-publish": "content",
  "content-schedule": "content",
  "content-restore": "content",
  "content-unpublish": "content",
  "campaign-test": "content",
  "campaign-send": "content",
  "campaign-schedule": "content",
} as const satisfies Record<AuditAction, Exclude<AuditKind, "team" | "all">>;

/** The actions of a kind; undefined for all of them. */
export function actionsOf(kind: AuditKind): AuditAction[] | undefined {
  if (kind === "all") return undefined;
  return (Object.keys(kindOf) as AuditAction[]).filter((action) =>
    kind === "team" ? kindOf[action] !== "failed-sign-ins" : kindOf[action] === kind,
  );
}
