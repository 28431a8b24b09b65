// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { loadSiteConfig } from "#common/site.ts";
import { MarketplaceRating } from "./MarketplaceRating.tsx";

afterEach(cleanup);

describe("MarketplaceRating", () => {
  it("is absent until the company sets the rating", () => {
    const { container } = render(<MarketplaceRating site={loadSiteConfig({})} />);
    expect(container.innerHTML).toBe("");
  });

  it("links the rating and its reviews to the listing, in words for screen readers", () => {
    const site = loadSiteConfig({ MARKETPLACE_RATING: "4.8", MARKETPLACE_REVIEWS: "1234" });
    const { container } = render(<MarketplaceRating site={site} />);
    const link = screen.getByRole("link");
    expect(link.getAttribute("href")).toBe(site.marketplaceUrl);
    expect(link.textContent).toContain(
      "Rated 4.8 out of 5 from 1,234 reviews on the Salesforce marketplace (opens in a new tab)",
    );
    expect(container.textContent).toContain("4.8 · 1,234 reviews");
    // The gold row covers the rating's share of the five stars.
    expect(container.querySelector<HTMLElement>("span[style]")!.style.width).toBe("96%");
  });

  it("says one review in the singular", () => {
    render(<MarketplaceRating site={loadSiteConfig({ MARKETPLACE_RATING: "5", MARKETPLACE_REVIEWS: "1" })} />);
    expect(screen.getByRole("link").textContent).toContain("Rated 5 out of 5 from 1 review on");
  });
});
