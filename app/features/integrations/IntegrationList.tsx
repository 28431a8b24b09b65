import { ExternalLink } from "#app/shared/ExternalLink.tsx";
import type { IntegrationsBlock } from "./integrations.ts";

const linkClass = "text-brand-700 underline decoration-1 underline-offset-4 hover:decoration-2";

/**
 * The systems named in the console, each with its kind and, when given, a link to read about the
 * connection. Pages render it only when there is one to name (integrationsOn), so it is never empty.
 */
export function IntegrationList({ block, className = "" }: { block: IntegrationsBlock; className?: string }) {
  return (
    <section aria-labelledby="integrations-heading" className={`card bg-surface ${className}`}>
      <p className="eyebrow">Integrations</p>
      <h2 id="integrations-heading" className="mt-2 text-xl font-semibold text-ink">
        {block.heading}
      </h2>
      <p className="mt-1 max-w-3xl text-base text-muted">{block.note}</p>
      <ul className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Integrations">
        {block.items.map((item) => (
          <li key={item.name} className="flex items-center gap-3 rounded-xl border border-line bg-white px-4 py-3">
            {/* The system's initial as its mark: the company names systems, it does not upload their logos. */}
            <span
              aria-hidden="true"
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 font-semibold text-brand-700"
            >
              {item.name.slice(0, 1).toUpperCase()}
            </span>
            <span className="min-w-0">
              <span className="block font-semibold break-words text-ink">
                {!item.link ? (
                  item.name
                ) : item.link.startsWith("/") ? (
                  <a href={item.link} className={linkClass}>
                    {item.name}
                  </a>
                ) : (
                  <ExternalLink href={item.link} className={linkClass}>
                    {item.name}
                  </ExternalLink>
                )}
              </span>
              {item.kind && <span className="block text-sm text-muted">{item.kind}</span>}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
