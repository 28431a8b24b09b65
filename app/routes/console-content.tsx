// The console's content (/admin/content, /admin/content/<key>): app/features/console/content/ContentSection.tsx.
// Its module, with CodeMirror and the diff, loads only when the section opens.
import ContentSection from "#app/features/console/content/ContentSection.tsx";

export default function Content() {
  return <ContentSection />;
}
