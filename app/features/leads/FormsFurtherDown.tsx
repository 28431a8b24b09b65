import { lazy, Suspense } from "react";
import { HydrateWhenVisible } from "#app/features/hydration/HydrateWhenVisible.tsx";
import type { ContactFormProps } from "./ContactForm.tsx";
import { NewsletterSection } from "./NewsletterSection.tsx";

/**
 * The lead forms where they sit further down a page (home, blog, support): their HTML is
 * prerendered and posts without script, and their code (with the validation the two forms share)
 * loads and hydrates as the visitor comes near, instead of weighing on the first screen. A press
 * before then posts the form natively, so nothing is lost (issue 24). /contact, where the forms
 * are the page, imports them directly.
 */
const NewsletterForm = lazy(() =>
  import("./NewsletterForm.tsx").then((module) => ({ default: module.NewsletterForm })),
);
const ContactForm = lazy(() => import("./ContactForm.tsx").then((module) => ({ default: module.ContactForm })));

/** The newsletter section (#newsletter) with its sign-up form, hydrated when near. */
export function NewsletterFurtherDown() {
  return (
    <HydrateWhenVisible>
      <NewsletterSection>
        <Suspense>
          <NewsletterForm />
        </Suspense>
      </NewsletterSection>
    </HydrateWhenVisible>
  );
}

/** The contact form, hydrated when near. */
export function ContactFormFurtherDown(props: ContactFormProps) {
  return (
    <HydrateWhenVisible>
      <Suspense>
        <ContactForm {...props} />
      </Suspense>
    </HydrateWhenVisible>
  );
}
