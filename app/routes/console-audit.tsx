// The console's audit log (/admin/audit, app/features/console/AuditLog.tsx).
import { ifSignedIn } from "#app/features/console/api.ts";
import type { Route } from "./+types/console-audit";
import { AuditLog, loadAuditLog } from "#app/features/console/AuditLog.tsx";

export const clientLoader = () => ifSignedIn(() => loadAuditLog());

export default function Audit({ loaderData }: Route.ComponentProps) {
  return loaderData ? <AuditLog first={loaderData} /> : null;
}
