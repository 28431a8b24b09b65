// The console's content (/admin/content): every key with its state, app/features/console/content/ContentSection.tsx.
import { ifSignedIn } from "#app/features/console/api.ts";
import { ContentList, loadContentList } from "#app/features/console/content/ContentSection.tsx";
import type { Route } from "./+types/console-content";

export const clientLoader = () => ifSignedIn(loadContentList);

export default function Content({ loaderData }: Route.ComponentProps) {
  // Signed out the loader asked nothing, and the frame shows the sign-in page instead.
  return loaderData ? <ContentList loaded={loaderData} /> : null;
}
