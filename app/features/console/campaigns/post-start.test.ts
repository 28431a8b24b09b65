import { describe, expect, it } from "vitest";
import { campaignFromPost } from "./post-start.ts";

describe("campaignFromPost", () => {
  it("takes the title as subject, the summary and text as body, site paths made whole, images left out, and a link to the post", () => {
    const post = {
      title: "Month end",
      summary: "Two days sooner.",
      body: "See [billing](/features/billing) and [docs](https://docs.example/x).\n\n![A chart](/assets/uploads/3f2a9c1b0d4e5f67-1200x800)\n\nThe end.\n",
    };
    expect(
      campaignFromPost(post, "https://www.tallyway.example/blog/month-end", "https://www.tallyway.example"),
    ).toEqual({
      subject: "Month end",
      body:
        "Two days sooner.\n\nSee [billing](https://www.tallyway.example/features/billing) and [docs](https://docs.example/x).\n\nThe end.\n\n" +
        "[Read it on the blog](https://www.tallyway.example/blog/month-end)\n",
    });
  });

  it("puts the cover first, as its JPEG on the site with its words, above the summary", () => {
    const post = {
      title: "Month end",
      summary: "Two days sooner.",
      body: "The text.",
      cover: "/assets/uploads/3f2a9c1b0d4e5f67-1600x900",
      coverAlt: "The team [at] work\nsmiling",
    };
    expect(
      campaignFromPost(post, "https://www.tallyway.example/blog/month-end", "https://www.tallyway.example").body,
    ).toBe(
      "![The team \\[at\\] work smiling](https://www.tallyway.example/assets/uploads/3f2a9c1b0d4e5f67-1600x900-1200.jpg)\n\n" +
        "Two days sooner.\n\nThe text.\n\n[Read it on the blog](https://www.tallyway.example/blog/month-end)\n",
    );
    expect(campaignFromPost({ ...post, cover: "" }, "u", "https://www.tallyway.example").body).toMatch(/^Two days/);
  });
});
