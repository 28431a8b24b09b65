// The console's images (/admin/images): app/features/console/images/ImagesSection.tsx.
import { ImagesSection } from "#app/features/console/images/ImagesSection.tsx";

export default function Images() {
  return <ImagesSection />;
}
