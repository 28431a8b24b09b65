/** FAQPage structured data, in a module of its own so only the page with a FAQ (/products) loads it. */
import type { JsonLdNode } from "./json-ld.ts";

/** A question a buyer asks and its answer (HTML: links, lists and emphasis, as search engines accept). */
export interface Question {
  question: string;
  answerHtml: string;
}

/** The questions of a page's FAQ as a FAQPage. */
export function faqPage(questions: readonly Question[]): JsonLdNode {
  return {
    "@type": "FAQPage",
    mainEntity: questions.map(({ question, answerHtml }) => ({
      "@type": "Question",
      name: question,
      acceptedAnswer: { "@type": "Answer", text: answerHtml },
    })),
  };
}
