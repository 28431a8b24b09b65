// The console's data requests (/admin/requests): app/features/console/DataRequests.tsx.
import { DataRequests } from "#app/features/console/DataRequests.tsx";

export default function Requests() {
  return <DataRequests />;
}
