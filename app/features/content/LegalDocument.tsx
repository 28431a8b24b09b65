import type { ContentSection } from "./content.server.ts";
import { Markdown } from "./Markdown.tsx";

/** A legal text: its intro, a table of contents linking to each section, then the sections. */
export function LegalDocument({ intro, sections }: { intro: string; sections: ContentSection[] }) {
  return (
    <div className="container-page grid gap-10 py-12 lg:grid-cols-[16rem_1fr]">
      <nav
        aria-labelledby="toc-heading"
        className="h-fit rounded-2xl border border-line bg-surface p-5 lg:sticky lg:top-24"
      >
        <h2 id="toc-heading" className="text-sm font-semibold tracking-wide text-ink uppercase">
          Contents
        </h2>
        <ol className="mt-3 space-y-1 text-base">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                className="block py-1 text-muted underline-offset-2 hover:text-brand-700 hover:underline"
                href={`#${section.id}`}
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <article className="min-w-0">
        <Markdown html={intro} className="prose [&>p:first-child]:font-semibold [&>p:first-child]:text-ink" />
        {sections.map((section) => (
          <section key={section.id} id={section.id} className="scroll-mt-24" aria-labelledby={`${section.id}-h`}>
            <h2 id={`${section.id}-h`} className="mt-10 mb-3 text-2xl font-bold tracking-tight text-ink">
              {section.title}
            </h2>
            <Markdown html={section.html} />
          </section>
        ))}
      </article>
    </div>
  );
}
