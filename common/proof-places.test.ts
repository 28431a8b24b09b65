import { describe, expect, it } from "vitest";
import { pagesChangedBy, pagesShowing } from "./content-keys.ts";
import { placedOn, placementSummary, placesOf, placesProblem, placesText, proofPlaces } from "./proof-places.ts";

describe("where a piece of customer proof stands", () => {
  it("is the home page when the entry names no place, as before places existed", () => {
    expect(placesOf(undefined)).toEqual(["/"]);
    expect(placesOf("")).toEqual(["/"]);
    expect(placesOf(" , ")).toEqual(["/"]);
  });

  it("is the pages the entry names, in the list's order, each once", () => {
    expect(placesOf("/solutions, /features/billing,/products, /products")).toEqual([
      "/products",
      "/features/billing",
      "/solutions",
    ]);
    expect(placesOf("/features/billing")).toEqual(["/features/billing"]);
  });

  it("writes the ticked pages in the list's order, whatever order they were ticked in", () => {
    expect(placesText(new Set(["/solutions", "/", "/features/time-off"]))).toBe("/, /features/time-off, /solutions");
    expect(placesText([])).toBe("");
  });

  it("names a page proof cannot stand on as a problem, and none for the known ones or none at all", () => {
    expect(placesProblem("")).toBeUndefined();
    expect(placesProblem("/, /products, /features/payroll-integration, /solutions")).toBeUndefined();
    expect(placesProblem("/, /pricing, /blog")).toMatch(/^names "\/pricing", "\/blog", which proof cannot stand on; /);
  });

  it("keeps the entries placed on a page", () => {
    const entries = [
      { person: "A" },
      { person: "B", places: "/features/billing" },
      { person: "C", places: "/, /features/billing" },
    ];
    expect(placedOn(entries, "/").map(({ person }) => person)).toEqual(["A", "C"]);
    expect(placedOn(entries, "/features/billing").map(({ person }) => person)).toEqual(["B", "C"]);
    expect(placedOn(entries, "/products")).toEqual([]);
  });

  it("sums up where a key's entries stand, for the editor", () => {
    const text = JSON.stringify([{}, { places: "/, /features/billing" }, { places: "/solutions" }]);
    expect(placementSummary(text)).toBe("Home (2), Feature: Billing (1), Solutions (1)");
    expect(placementSummary("[]")).toBe("");
    expect(placementSummary("{")).toBe("");
  });

  it("re-renders every page a quote or logo may stand on when either key is published", () => {
    const paths = proofPlaces.map(({ path }) => path);
    expect(pagesShowing["proof/quotes"]).toEqual(paths);
    expect(pagesShowing["proof/logos"]).toEqual(paths);
    // The home page first: the console lists the keys under it.
    expect(paths[0]).toBe("/");
  });

  it("re-renders after a change only the pages its quotes stood on before or stand on after", () => {
    const before = JSON.stringify([{ person: "A" }]);
    const after = JSON.stringify([{ person: "A", places: "/features/billing, /solutions" }]);
    expect(pagesChangedBy("proof/quotes", [before, after])).toEqual(["/", "/features/billing", "/solutions"]);
    expect(pagesChangedBy("proof/logos", ["[]", JSON.stringify([{ places: "/products" }])])).toEqual(["/products"]);
    expect(pagesChangedBy("proof/quotes", ["[]", "[]"])).toEqual([]);
    // Its file (a text not known here) or a text that is no list: every page it may stand on.
    expect(pagesChangedBy("proof/quotes", [undefined, after])).toEqual(pagesShowing["proof/quotes"]);
    expect(pagesChangedBy("proof/quotes", ["{", after])).toEqual(pagesShowing["proof/quotes"]);
    // Any other key: the pages that show it.
    expect(pagesChangedBy("integrations", ["[]", "[]"])).toEqual(pagesShowing.integrations);
  });
});
