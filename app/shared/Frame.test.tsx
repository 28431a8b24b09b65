// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Frame } from "./Frame.tsx";

/** A controllable IntersectionObserver (jsdom has none): `reveal()` reports the element visible. */
let reveal: () => void;
class FakeIntersectionObserver {
  constructor(private callback: IntersectionObserverCallback) {
    reveal = () => act(() => this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
  observe() {}
  disconnect() {}
}

beforeEach(() => vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const props = {
  src: "https://schedule.tallyway.example/book?ui=embed",
  title: "Appointment scheduler",
  minHeight: 950,
  linkLabel: "Open the scheduler in a new tab",
};

describe("Frame", () => {
  it("waits until it nears the viewport, then shows a titled lazy iframe of at least the minimum height", async () => {
    render(<Frame {...props} />);
    expect(document.querySelector("iframe")).toBeNull();
    expect(screen.getByText("Appointment scheduler loads here.")).toBeTruthy();
    reveal();
    const frame = screen.getByTitle("Appointment scheduler") as HTMLIFrameElement;
    expect(frame.getAttribute("src")).toBe(props.src);
    expect(frame.getAttribute("loading")).toBe("lazy");
    expect(frame.style.minHeight).toBe("950px");
    expect(screen.queryByText(/loads here/)).toBeNull();
  });

  it("always offers the link to the service in a new tab, before and after the frame appears", () => {
    render(<Frame {...props} />);
    const link = screen.getByRole("link", { name: /Open the scheduler in a new tab/ });
    expect(link.getAttribute("href")).toBe(props.src);
    expect(link.getAttribute("target")).toBe("_blank");
    reveal();
    expect(screen.getByRole("link", { name: /Open the scheduler in a new tab/ })).toBe(link);
  });
});
