import { describe, expect, it } from "vitest";
import { questionsOf } from "./faq.ts";

describe("questionsOf", () => {
  it("pairs each h3 question with the HTML that follows it, as plain-text questions", () => {
    const html =
      '<p>intro</p>\n<h3>Can we &amp; try it?</h3>\n<p>Yes, <a href="/x">here</a>.</p>\n<h3>Where?</h3>\n<ul><li>In your org</li></ul>\n';
    expect(questionsOf(html)).toEqual([
      { question: "Can we & try it?", answerHtml: '<p>Yes, <a href="/x">here</a>.</p>' },
      { question: "Where?", answerHtml: "<ul><li>In your org</li></ul>" },
    ]);
  });

  it("finds no questions in a section without h3 headings", () => {
    expect(questionsOf("<p>No questions here.</p>")).toEqual([]);
  });
});
