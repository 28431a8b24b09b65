// The console's subscriber import (/admin/campaigns/import): app/features/console/campaigns/SubscriberImport.tsx.
import { SubscriberImport } from "#app/features/console/campaigns/SubscriberImport.tsx";

export default function Import() {
  return <SubscriberImport />;
}
