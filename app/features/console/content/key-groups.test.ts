import { describe, expect, it } from "vitest";
import { editableKeys } from "#common/content-keys.ts";
import { groupByPage } from "./key-groups.ts";

const item = (key: string) => ({
  key,
  pages: [],
  status: "file" as const,
  latestVersion: 0,
  publishedVersion: null,
  scheduledVersion: null,
  scheduledAt: null,
  changedBy: null,
  changedAt: null,
});

describe("groupByPage", () => {
  const groups = groupByPage(editableKeys.map(item));
  const names = (page: string) => groups.find((group) => group.page === page)?.items.map((entry) => entry.name);

  it("puts the home page first with human names for its keys, proof included", () => {
    expect(groups[0].page).toBe("Home");
    expect(names("Home")?.slice(0, 3)).toEqual(["Heading", "Customer quotes", "Customer logos"]);
  });

  it("lists pricing, the FAQ and integrations under Products, and every key exactly once", () => {
    expect(names("Products")).toEqual([
      "Page text",
      "Pricing",
      "Questions buyers ask",
      "Integrations",
      "Title and description (search, social)",
    ]);
    expect(groups.flatMap((group) => group.items.map((entry) => entry.key)).sort()).toEqual([...editableKeys].sort());
    expect(names("Features")).toEqual(expect.arrayContaining(["Overview", "Feature: billing", "Feature: time off"]));
  });
});
