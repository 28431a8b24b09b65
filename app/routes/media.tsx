import { PageHeader } from "../components/PageHeader";
import { pageMeta } from "../lib/page";
import { site } from "../lib/site";
import type { Route } from "./+types/media";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Media",
    url: "/media",
    description: `Downloadable material about ${site.productName}: the feature list as a PDF.`,
    keywords: "media, feature list, PDF, brochure",
  });

const featureListPath = `/media/${site.productSlug}_FeatureList.pdf`;

export default function Media() {
  return (
    <>
      <PageHeader eyebrow="Media" title="Media" />
      <div className="container-page py-12">
        <a
          className="card flex max-w-xl items-center gap-4 no-underline transition-shadow hover:shadow-md"
          href={featureListPath}
          target="_blank"
          rel="noopener"
        >
          <svg
            viewBox="0 0 24 24"
            className="h-10 w-10 shrink-0 text-accent-600"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          >
            <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
            <path d="M14 3v5h5M9 13h6M9 17h6" />
          </svg>
          <span>
            <span className="block text-lg font-semibold text-brand-700">{site.productName} Feature List (PDF)</span>
            <span className="block text-sm text-muted">Opens in a new tab</span>
          </span>
        </a>
      </div>
    </>
  );
}
