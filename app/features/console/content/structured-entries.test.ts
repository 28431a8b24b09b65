import { describe, expect, it } from "vitest";
import { structuredSchemas } from "#common/content-schemas.ts";
import { editEntries, entriesOf, labelledText, problemsByField } from "./structured-entries.ts";

const quotes = structuredSchemas["proof/quotes"];
const pricing = structuredSchemas.pricing;
const a = { quote: "A", person: "Ann", role: "CFO", company: "Acme", logo: "" };
const b = { ...a, person: "Bo" };

describe("editEntries", () => {
  it("adds an empty entry with every field of the schema", () => {
    expect(entriesOf(editEntries(quotes, [], { type: "add" }))).toEqual([
      { quote: "", person: "", role: "", company: "", logo: "", places: "" },
    ]);
  });

  it("changes one field of one entry", () => {
    expect(entriesOf(editEntries(quotes, [a, b], { type: "field", index: 1, name: "role", text: "CEO" }))).toEqual([
      a,
      { ...b, role: "CEO" },
    ]);
  });

  it("moves an entry up or down, and not past either end", () => {
    expect(entriesOf(editEntries(quotes, [a, b], { type: "move", index: 1, by: -1 }))).toEqual([b, a]);
    expect(entriesOf(editEntries(quotes, [a, b], { type: "move", index: 1, by: 1 }))).toEqual([a, b]);
  });

  it("removes an entry, but keeps a fixed list's count", () => {
    expect(entriesOf(editEntries(quotes, [a, b], { type: "remove", index: 0 }))).toEqual([b]);
    const editions = [{ name: "x" }, { name: "y" }];
    expect(entriesOf(editEntries(pricing, editions, { type: "remove", index: 0 }))).toEqual(editions);
    expect(entriesOf(editEntries(pricing, editions, { type: "add" }))).toEqual(editions);
  });

  it("writes the text as the store keeps it: pretty-printed with a final newline", () => {
    expect(editEntries(quotes, [a], { type: "move", index: 0, by: -1 })).toBe(`${JSON.stringify([a], null, 2)}\n`);
  });
});

describe("entriesOf and problemsByField", () => {
  it("reads only a JSON list", () => {
    expect(entriesOf("{")).toBeUndefined();
    expect(entriesOf("{}")).toBeUndefined();
  });

  it("files each problem under its entry and field label", () => {
    const { all, byField } = problemsByField("proof/quotes", JSON.stringify([a, { ...b, person: "" }]));
    expect(all).toEqual(["Quote 2, Person: is required."]);
    expect(byField.get("1:Person")).toEqual({
      text: "Quote 2, Person: is required.",
      at: { index: 1, label: "Person" },
      fieldText: "Person is required.",
      empty: true,
    });
  });
});

describe("labelledText", () => {
  it("writes each entry under its name and each filled field by its label, for a diff in the form's words", () => {
    const text = JSON.stringify([
      { ...a, quote: "Two lines\nof praise" },
      { ...b, person: "", logo: "" },
    ]);
    expect(labelledText(quotes, text)).toBe(
      [
        "Quote 1 · Ann",
        "  Quote: Two lines",
        "    of praise",
        "  Person: Ann",
        "  Role: CFO",
        "  Company: Acme",
        "",
        "Quote 2",
        "  Quote: A",
        "  Role: CFO",
        "  Company: Acme",
      ].join("\n"),
    );
  });

  it("names the pages a quote stands on as the form ticks them, not by their paths", () => {
    const text = JSON.stringify([{ ...a, places: "/solutions, /features/billing" }]);
    expect(labelledText(quotes, text)).toContain("  Shown on: Feature: Billing, Solutions");
    expect(labelledText(quotes, JSON.stringify([a]))).not.toContain("Shown on");
  });

  it("names a price by the form's label, not its JSON field, and leaves a text that is no list as it is", () => {
    const [edition] = entriesOf(JSON.stringify([{ edition: "Pro", amount: "8.33" }]))!;
    expect(labelledText(pricing, JSON.stringify([edition]))).toBe(
      "Edition 1 · Pro\n  Edition: Pro\n  Price (USD): 8.33",
    );
    expect(labelledText(pricing, "not json")).toBe("not json");
  });

  it("writes a key of one entry without an entry line", () => {
    const head = structuredSchemas["head/home"];
    expect(labelledText(head, JSON.stringify([{ title: "Home", description: "", keywords: "", image: "" }]))).toBe(
      "Title: Home",
    );
  });
});
