import { describe, expect, it } from "vitest";
import { features } from "#app/features/catalog/features.ts";
import { proofPlaces } from "#common/proof-places.ts";
import { hasProof } from "./has-proof.ts";
import { proofOf } from "./proof.ts";

const logo = "/assets/uploads/3f2a9c1b0d4e5f67-480x160";
const quote = (person: string, places?: string) => ({
  quote: "It works.",
  person,
  role: "Head of Delivery",
  company: "Acme",
  logo: undefined,
  places,
});

describe("the proof of a page", () => {
  it("is what is placed on it: quotes and logos without places stand on the home page only", () => {
    const quotes = [quote("Ann"), quote("Bo", "/features/billing"), quote("Cy", "/, /products")];
    const logos = [
      { company: "Acme", logo, link: undefined, places: undefined },
      { company: "Birch", logo, link: undefined, places: "/features/billing, /solutions" },
    ];
    const people = (page: Parameters<typeof proofOf>[0]) => {
      const proof = proofOf(page, quotes, logos, "");
      return { quotes: proof.quotes.map(({ person }) => person), logos: proof.logos.map(({ company }) => company) };
    };
    expect(people("/")).toEqual({ quotes: ["Ann", "Cy"], logos: ["Acme"] });
    expect(people("/products")).toEqual({ quotes: ["Cy"], logos: [] });
    expect(people("/features/billing")).toEqual({ quotes: ["Bo"], logos: ["Birch"] });
    expect(people("/solutions")).toEqual({ quotes: [], logos: ["Birch"] });
    expect(hasProof(proofOf("/features/time-off", quotes, logos, ""))).toBe(false);
  });
});

describe("the pages proof can stand on", () => {
  it("are Home, Products, every feature page of the catalog by its title, in tab order, and Solutions", () => {
    expect(proofPlaces).toEqual([
      { path: "/", name: "Home" },
      { path: "/products", name: "Products" },
      ...features.map(({ path, title }) => ({ path, name: `Feature: ${title}` })),
      { path: "/solutions", name: "Solutions" },
    ]);
  });
});
