import { describe, expect, it } from "vitest";
import { linkGoal } from "./goal-links.ts";

const scheduler = "https://schedule.tallyway.example/book";

describe("linkGoal", () => {
  it("counts any link to the scheduling app, whatever its query, as a schedule-call click", () => {
    expect(linkGoal("https://schedule.tallyway.example/book?source=x&type=Lead&ui=page", scheduler)).toBe(
      "schedule-call",
    );
    expect(linkGoal("https://schedule.tallyway.example/book/demo", scheduler)).toBe("schedule-call");
  });

  it("counts the feature list PDF, and nothing else", () => {
    expect(linkGoal("https://www.tallyway.example/media/Tallyway_FeatureList.pdf", scheduler)).toBe("feature-list-pdf");
    expect(linkGoal("https://www.tallyway.example/media", scheduler)).toBeUndefined();
    expect(linkGoal("https://schedule.tallyway.example/other", scheduler)).toBeUndefined();
    expect(linkGoal("https://evil.example/book", scheduler)).toBeUndefined();
    expect(linkGoal("not a url", scheduler)).toBeUndefined();
  });
});
