// @vitest-environment jsdom
// The editor says under the text, as it is typed, which {{placeholder}} the save would refuse and on which
// line: in a page's markdown, and under a post's text field.
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ContentEntryAnswer } from "#common/console-api.ts";
import type { EditableKey } from "#common/content-keys.ts";
import { ContentEditor, loadEditorData } from "./ContentEditor.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entryOf = (key: string, body: string): ContentEntryAnswer => ({
  item: {
    key,
    pages: ["/about"],
    status: "draft",
    latestVersion: 1,
    publishedVersion: null,
    scheduledVersion: null,
    scheduledAt: null,
    changedBy: "ann@example.com",
    changedAt: "2026-03-02T10:00:00.000Z",
  },
  latest: { key, version: 1, body, account: "ann@example.com", createdAt: "2026-03-02T10:00:00.000Z", baseVersion: 0 },
  published: null,
  fileText: "",
  purge: null,
  autosave: null,
});

/** The console's API as the server answers it: the entry, the site's pages, its history and previews. */
function serve(entry: ContentEntryAnswer) {
  vi.stubGlobal("fetch", async (url: string) => {
    const answer = url.includes("/content/entry")
      ? entry
      : url.endsWith("/content")
        ? { keys: [], sitePaths: ["/about"] }
        : url.includes("/content/history")
          ? { versions: [entry.latest] }
          : url.includes("/uploads")
            ? { uploads: [], maxBytes: 1 }
            : { html: "" };
    return new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } });
  });
}

// In a data router with the console route's loader: its leave guard blocks navigations (useBlocker).
const editor = (key: string) => {
  const Stub = createRoutesStub([
    {
      path: "/",
      loader: () => loadEditorData(key as EditableKey),
      Component: () => <ContentEditor contentKey={key as EditableKey} data={useLoaderData<typeof loadEditorData>()} />,
    },
  ]);
  return render(<Stub />);
};

describe("ContentEditor's placeholder check", () => {
  it("names an unknown placeholder and its line under a page's markdown", async () => {
    serve(entryOf("about-home", "# About\n\nhello {{nope}} and {{constructor}}"));
    editor("about-home");
    const section = (await screen.findByRole("heading", { name: "Text" })).closest("section")!;
    const problems = within(section).getByRole("list", { name: "Problems in the text" });
    expect(
      within(problems)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Unknown placeholder {{nope}} on line 3.", "Unknown placeholder {{constructor}} on line 3."]);
  });

  it("says nothing under a page whose placeholders are settings", async () => {
    serve(entryOf("about-home", "# About {{brand}}\n\n[{{phone}}]({{phoneHref}})"));
    editor("about-home");
    const section = (await screen.findByRole("heading", { name: "Text" })).closest("section")!;
    expect(within(section).queryByRole("list", { name: "Problems in the text" })).toBeNull();
  });

  it("names it under a post's text field", async () => {
    const post = [
      {
        title: "T",
        summary: "S",
        body: "One\n\nhello {{nope}}",
        cover: "",
        coverAlt: "",
        author: "A",
        tags: "",
        date: "2026-03-02",
      },
    ];
    serve(entryOf("post/templates", JSON.stringify(post)));
    editor("post/templates");
    const label = await screen.findByText("Text", { selector: "p" });
    expect(label.parentElement!.textContent).toContain("Text: Unknown placeholder {{nope}} on line 3.");
  });
});

describe("ContentEditor in a marketer's words (issue 44)", () => {
  const post = { title: "", summary: "", body: "", cover: "", coverAlt: "", author: "A", tags: "", date: "2026-03-02" };

  it("names a post by its title, or New post, and says a problem without Post 1", async () => {
    serve(entryOf("post/month-end", JSON.stringify([post])));
    editor("post/month-end");
    expect(await screen.findByRole("group", { name: "New post" })).toBeTruthy();
    const problems = await screen.findByRole("list", { name: "Problems found" });
    expect(problems.textContent).toContain("Must be fixed to publish: Title is required.");
    expect(problems.textContent).not.toMatch(/Post \d/);
    const shown = screen.getByText(/^Shown on$/);
    expect(shown.textContent).toBe(
      "Shown on its own page, the blog (opens in a new tab), the blog's feed and the site map search engines read",
    );
    // Only the blog is a page to open: the post is not published, the feed and the site map are for machines.
    expect(
      within(shown)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/blog"]);
    cleanup();
    serve(entryOf("post/month-end", JSON.stringify([{ ...post, title: "Month end" }])));
    editor("post/month-end");
    expect(await screen.findByRole("group", { name: "Month end" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: /^Title ?of the post$/ })).toBeTruthy();
  });

  it("names the pages a page's text shows on, each a link to it", async () => {
    serve(entryOf("about-home", "# About"));
    editor("about-home");
    const shown = await screen.findByText(/^Shown on:/);
    expect(shown.textContent).toBe("Shown on: About (opens in a new tab)");
    expect(within(shown).getByRole("link").getAttribute("href")).toBe("/about");
  });
});

describe("ContentEditor's line on where a slot appears", () => {
  const whereItAppears = async (key: string, body: string) => {
    serve(entryOf(key, body));
    editor(key);
    await screen.findByRole("heading", { level: 1 });
    return screen.queryByText("Where it appears:")?.parentElement?.textContent;
  };

  it("says it in words for the proof and integrations keys, and what shows while they are empty", async () => {
    expect(await whereItAppears("proof/logos", "[]")).toBe(
      'Where it appears: A row of customer logos on each page ticked under "Shown on" (Home unless another is ' +
        "ticked): on Home in the band under the first screen, elsewhere before the page's closing call to action. " +
        "While it is empty, no customer logo shows.",
    );
    cleanup();
    expect(await whereItAppears("proof/quotes", "[]")).toMatch(/^Where it appears: "What our customers say" on each/);
    cleanup();
    expect(await whereItAppears("integrations", "[]")).toMatch(
      /^Where it appears: On the Products page .* Billing feature page, payroll and HR systems on the Payroll/,
    );
    expect(screen.getByRole("button", { name: "Add an integration" })).toBeTruthy();
  });

  it("ticks where each quote stands, and says where the quotes stand as edited (issue 44)", async () => {
    const quote = { quote: "It works.", person: "Ann", role: "CFO", company: "Acme" };
    serve(entryOf("proof/quotes", JSON.stringify([quote, { ...quote, person: "Bo", places: "/features/billing" }])));
    editor("proof/quotes");
    await screen.findByRole("heading", { level: 1 });
    // jsdom joins the legend's words without the space a browser keeps.
    const first = await screen.findByRole("group", { name: /^Shown on ?of Quote 1$/ });
    // No place named: Home, which it alone keeps ticked.
    const home = within(first).getByRole("checkbox", { name: "Home" });
    expect((home as HTMLInputElement).checked).toBe(true);
    expect((home as HTMLInputElement).disabled).toBe(true);
    const asEdited = () => screen.getByText("As edited, on:").parentElement?.textContent;
    expect(asEdited()).toBe("As edited, on: Home (1), Feature: Billing (1)");
    // Not the list of every page it may stand on.
    expect(screen.queryByText(/^Shown on \//)).toBeNull();
    within(first).getByRole("checkbox", { name: "Feature: Billing" }).click();
    expect(asEdited()).toBe("As edited, on: Home (1), Feature: Billing (2)");
    within(first).getByRole("checkbox", { name: "Home" }).click();
    expect(asEdited()).toBe("As edited, on: Feature: Billing (2)");
    expect((within(first).getByRole("checkbox", { name: "Feature: Billing" }) as HTMLInputElement).disabled).toBe(true);
  });

  it("says nothing more for a page's own text", async () => {
    expect(await whereItAppears("about-home", "# About")).toBeUndefined();
  });
});
