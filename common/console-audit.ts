/**
 * The kinds the console's audit log is read by (GET /admin/api/audit?kind=…, the Audit log page):
 * one definition for the server (server/audit/audit-kinds.ts files each action under one) and
 * the page. The default is the team's own actions, so failed sign-ins, which strangers can send,
 * never push an export or an erase out of view.
 */
export const auditKinds = [
  ["team", "The team's actions"],
  ["data", "Personal data: exports, erasures, leads, subscribers"],
  ["content", "Content, images and campaigns"],
  ["sessions", "Sign-ins and sign-outs"],
  ["accounts", "Account changes"],
  ["failed-sign-ins", "Failed sign-ins"],
  ["all", "Everything"],
] as const;
export type AuditKind = (typeof auditKinds)[number][0];
export const defaultAuditKind: AuditKind = "team";

export const isAuditKind = (value: unknown): value is AuditKind => auditKinds.some(([kind]) => kind === value);
