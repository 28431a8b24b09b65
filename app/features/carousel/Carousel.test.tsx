// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Carousel } from "./Carousel.tsx";
import { structuredContent } from "#app/features/content/content.server.ts";
import { loadSiteConfig } from "#common/site.ts";
import { slidesOf } from "./slides.ts";

const slides = slidesOf(structuredContent("carousel/slides", loadSiteConfig({})));

let root: Root | undefined;
// jsdom has no matchMedia: a visitor with no preference for reduced motion.
beforeEach(() =>
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })),
);
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => root?.unmount());
  root = undefined;
  cleanup();
  document.body.innerHTML = "";
});

const carousel = (
  <MemoryRouter>
    <Carousel slides={slides} label="Product tour" />
  </MemoryRouter>
);

describe("Carousel slide picker", () => {
  it("keeps each picker's element through hydration: a link to its slide before, a button in place after", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(carousel);
    document.body.append(container);
    const before = screen.getByRole("link", { name: /^Show slide 3 of 4/ });
    expect(before.getAttribute("href")).toBe("#carousel-slide-3");
    await act(async () => {
      root = hydrateRoot(container, carousel);
    });
    // The same node, so a tap that began before hydration ends on what it began on.
    const after = screen.getByRole("button", { name: /^Show slide 3 of 4/ });
    expect(after).toBe(before);
    expect(fireEvent.click(after)).toBe(false); // no jump to the anchor: the carousel shows the slide
    expect(after.getAttribute("aria-current")).toBe("true");
    expect(container.querySelector("[aria-roledescription=slide][data-active]")?.getAttribute("aria-label")).toMatch(
      /^3 of 4/,
    );
  });

  it("answers Space like a button", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(carousel);
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, carousel);
    });
    fireEvent.keyDown(screen.getByRole("button", { name: /^Show slide 2 of 4/ }), { key: " " });
    expect(container.querySelector("[aria-roledescription=slide][data-active]")?.getAttribute("aria-label")).toMatch(
      /^2 of 4/,
    );
  });
});
