import { describe, expect, it } from "vitest";
import { structuredProblems } from "./content-schemas.ts";
import { newPostText, newestFirst, postFieldsOf, tagsOf } from "./posts.ts";

const good = { title: "Hello", summary: "A first post.", body: "Words.", author: "Ann", date: "2026-05-01" };
const problems = (entry: Record<string, string>) => structuredProblems("post/hello", JSON.stringify([entry]));

describe("a post's fields", () => {
  it("reads a saved post, missing fields as empty", () => {
    expect(postFieldsOf(JSON.stringify([good]))).toEqual({ ...good, cover: "", coverAlt: "", tags: "" });
    expect(postFieldsOf("not json")).toBeUndefined();
    expect(postFieldsOf("[]")).toBeUndefined();
  });

  it("checks a post against its schema: required fields, a real day, alt text with a cover", () => {
    expect(problems(good)).toEqual([]);
    expect(problems({ ...good, title: "" })).toEqual(["Title is required."]);
    expect(problems({ ...good, date: "2026-02-30" })).toEqual(["Publish date is not a day of the calendar."]);
    expect(problems({ ...good, date: "1 May" })).toEqual(["Publish date must be a day written as 2026-05-01."]);
    expect(problems({ ...good, cover: "/assets/uploads/3f2a9c1b0d4e5f67-1200x800" })).toEqual([
      "Cover's alternative text is required once there is a cover.",
    ]);
    expect(problems({ ...good, cover: "https://elsewhere.example/a.png", coverAlt: "A" })[0]).toMatch(
      /^Cover image must be an uploaded image/,
    );
    expect(structuredProblems("post/hello", JSON.stringify([good, good]))).toEqual([
      "There must be exactly 1 post entries (there are 2).",
    ]);
  });

  it("makes tags a list: trimmed, without empties or repeats", () => {
    expect(tagsOf(" Billing, Time tracking ,, billing ")).toEqual(["Billing", "Time tracking"]);
    expect(tagsOf("")).toEqual([]);
  });

  it("orders posts newest first, a day's posts by key", () => {
    const post = (key: `post/${string}`, date: string) => ({ key, fields: { date } });
    const sorted = newestFirst([
      post("post/b", "2026-01-01"),
      post("post/c", "2026-03-01"),
      post("post/a", "2026-01-01"),
    ]);
    expect(sorted.map((p) => p.key)).toEqual(["post/c", "post/a", "post/b"]);
  });

  it("starts a new post with its title and today's date", () => {
    expect(postFieldsOf(newPostText("Hello", "2026-05-01"))).toMatchObject({
      title: "Hello",
      date: "2026-05-01",
      body: "",
      author: "",
    });
  });

  it("starts a new post with the writer's name as its author when there is one", () => {
    expect(postFieldsOf(newPostText("Hello", "2026-05-01", "Ada Lovelace"))).toEqual({
      title: "Hello",
      summary: "",
      body: "",
      cover: "",
      coverAlt: "",
      author: "Ada Lovelace",
      tags: "",
      date: "2026-05-01",
    });
  });
});
