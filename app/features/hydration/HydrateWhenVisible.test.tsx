// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useEffect, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HydrateWhenVisible } from "./HydrateWhenVisible.tsx";

/** A controllable IntersectionObserver (jsdom has none): `reveal()` reports the element near. */
let reveal: () => void;
class FakeIntersectionObserver {
  constructor(private callback: IntersectionObserverCallback) {
    reveal = () =>
      this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  observe() {}
  disconnect() {}
}

let hydratedParts: string[];
function Counter() {
  const [clicks, setClicks] = useState(0);
  useEffect(() => void hydratedParts.push("counter"), []);
  return (
    <button type="button" onClick={() => setClicks((n) => n + 1)}>
      Clicked {clicks} times
    </button>
  );
}
const page = (
  <main>
    <p>Top of the page</p>
    <HydrateWhenVisible>
      <Counter />
    </HydrateWhenVisible>
  </main>
);

/** The page as the server sends it, then hydrated in the browser. */
async function hydrateServerPage() {
  const container = document.createElement("div");
  container.innerHTML = renderToString(page);
  document.body.append(container);
  let root!: Root;
  await act(async () => {
    root = hydrateRoot(container, page);
  });
  return root;
}

let root: Root | undefined;
beforeEach(() => {
  hydratedParts = [];
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  cleanup();
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
});

describe("HydrateWhenVisible", () => {
  it("keeps the server HTML as it is, not yet hydrated, until the part nears the viewport", async () => {
    root = await hydrateServerPage();
    expect(screen.getByRole("button").textContent).toBe("Clicked 0 times");
    expect(hydratedParts).toEqual([]);

    await act(async () => reveal());
    expect(hydratedParts).toEqual(["counter"]);
    fireEvent.click(screen.getByRole("button"));
    expect(screen.getByRole("button").textContent).toBe("Clicked 1 times");
  });

  it("hydrates at once when focus moves into the part (a tab before the observer reports it)", async () => {
    root = await hydrateServerPage();
    await act(async () => screen.getByRole("button").focus());
    expect(hydratedParts).toEqual(["counter"]);
  });

  it("loses no click on a part not hydrated yet: the press hydrates it and the click reaches the handler", async () => {
    root = await hydrateServerPage();
    const button = screen.getByRole("button");
    await act(async () => {
      fireEvent.pointerDown(button);
      // A browser runs microtasks between the press and the click (separate tasks); the part is not hydrated yet.
      await Promise.resolve();
      fireEvent.click(button);
    });
    expect(hydratedParts).toEqual(["counter"]);
    expect(screen.getByRole("button").textContent).toBe("Clicked 1 times");
  });

  it("shows its content at once when the client renders it (a navigation, not the first page)", () => {
    render(page);
    expect(hydratedParts).toEqual(["counter"]);
    expect(screen.getByRole("button").textContent).toBe("Clicked 0 times");
  });
});
