import type { ReactNode } from "react";

/** Where the newsletter sign-up sits on a page (anchor #newsletter); the form comes in as children. */
export function NewsletterSection({ children }: { children?: ReactNode }) {
  return (
    <section id="newsletter" aria-labelledby="newsletter-heading" className="container-page scroll-mt-24 py-12">
      {/* Top-aligned: centred text would move down as the taller form beside it is parsed (see routes/home.tsx). */}
      <div className="card grid gap-6 bg-surface p-8 md:grid-cols-[1fr_1.2fr] md:p-10">
        <div>
          <h2 id="newsletter-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Stay in the loop
          </h2>
          <p className="mt-3 text-lg text-muted">
            New features, release notes and practical tips for services teams, about once a month.
          </p>
        </div>
        {children}
      </div>
    </section>
  );
}
