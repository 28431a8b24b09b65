import type { Question } from "#app/features/seo/faq-page.ts";

const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
const plainText = (html: string) =>
  html.replace(/<[^>]+>/g, "").replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity]);

/** The questions of a rendered FAQ section: each "### question" heading and the HTML up to the next one. */
export function questionsOf(html: string): Question[] {
  const parts = html.split(/<h3[^>]*>([\s\S]*?)<\/h3>/);
  const questions: Question[] = [];
  for (let i = 1; i < parts.length; i += 2)
    questions.push({ question: plainText(parts[i]).trim(), answerHtml: parts[i + 1].trim() });
  return questions;
}
