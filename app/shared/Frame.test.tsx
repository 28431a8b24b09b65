// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Frame } from "./Frame.tsx";
import { frameLoadTimeoutMs } from "./frame-state.ts";

/** A controllable IntersectionObserver (jsdom has none): `reveal()` reports the element visible. */
let reveal: () => void;
class FakeIntersectionObserver {
  constructor(private callback: IntersectionObserverCallback) {
    reveal = () =>
      act(() =>
        this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver),
      );
  }
  observe() {}
  disconnect() {}
}

beforeEach(() => vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const props = {
  src: "https://schedule.tallyway.example/book?ui=embed",
  title: "Appointment scheduler",
  minHeight: 950,
  linkLabel: "Open the scheduler in a new tab",
  loadingText: "Loading the scheduler…",
  unavailableText: "The scheduler could not load here.",
  placeholder: (actions: React.ReactNode, unavailable: boolean) => (
    <div>
      <p>{unavailable ? "Write or call instead" : "Pick a time, your details, confirmation"}</p>
      {actions}
    </div>
  ),
};
const newTabLink = () => screen.getByRole("link", { name: /Open the scheduler in a new tab/ });
const area = () => document.querySelector("[data-state]")!;
/** The probe's answer, settled by the test: the service reachable or the network refusing it. */
let answerProbe: (reachable: boolean) => Promise<void>;
beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    () =>
      new Promise<Response>((resolve, reject) => {
        answerProbe = (reachable) =>
          act(async () => (reachable ? resolve(new Response(null)) : reject(new TypeError("Failed to fetch"))));
      }),
  );
});

describe("Frame", () => {
  it("shows the designed placeholder; near the viewport it loads a titled lazy iframe under it, of at least the minimum height", () => {
    render(<Frame {...props} />);
    expect(document.querySelector("iframe")).toBeNull();
    expect(screen.getByText("Pick a time, your details, confirmation")).toBeTruthy();
    reveal();
    const frame = document.querySelector("iframe")!;
    expect(frame.getAttribute("src")).toBe(props.src);
    expect(frame.getAttribute("title")).toBe("Appointment scheduler");
    expect(frame.getAttribute("loading")).toBe("lazy");
    expect(frame.style.minHeight).toBe("950px");
    expect(frame.hasAttribute("inert")).toBe(true);
    expect(area().getAttribute("data-state")).toBe("loading");
    expect(screen.getByRole("status").textContent).toBe("Loading the scheduler…");
  });

  it("uncovers the frame once it has loaded and the service answered, without taking focus", async () => {
    render(<Frame {...props} />);
    reveal();
    fireEvent.load(document.querySelector("iframe")!);
    // Loaded, but a loaded frame may be the browser's error page: the placeholder stays until the probe answers.
    expect(screen.getByText("Pick a time, your details, confirmation")).toBeTruthy();
    await answerProbe(true);
    const frame = screen.getByTitle("Appointment scheduler") as HTMLIFrameElement;
    expect(frame.hasAttribute("inert")).toBe(false);
    expect(document.activeElement).not.toBe(frame);
    expect(screen.queryByText("Pick a time, your details, confirmation")).toBeNull();
    expect(newTabLink().getAttribute("target")).toBe("_blank");
  });

  it("keeps the placeholder, saying the service could not load, when the network refuses it", async () => {
    render(<Frame {...props} />);
    reveal();
    fireEvent.load(document.querySelector("iframe")!);
    const status = screen.getByRole("status");
    await answerProbe(false);
    expect(area().getAttribute("data-state")).toBe("unavailable");
    // The same live region, so the change is announced.
    expect(screen.getByRole("status")).toBe(status);
    expect(status.textContent).toMatch(/The scheduler could not load here/);
    expect(newTabLink().getAttribute("rel")).toBe("noopener");
  });

  it("when the service cannot load, drops the frame and its room: the fallback has its own height", async () => {
    render(<Frame {...props} />);
    reveal();
    expect((area() as HTMLElement).style.minHeight).toBe("950px");
    await answerProbe(false);
    expect(document.querySelector("iframe")).toBeNull();
    expect(screen.getByText("Write or call instead")).toBeTruthy();
    expect((area() as HTMLElement).style.minHeight).toBe("");
    expect((area().firstElementChild as HTMLElement).style.minHeight).toBe("");
  });

  it("says the frame could not load when it has not loaded in time", () => {
    vi.useFakeTimers();
    render(<Frame {...props} />);
    reveal();
    act(() => vi.advanceTimersByTime(frameLoadTimeoutMs));
    expect(area().getAttribute("data-state")).toBe("unavailable");
    expect(screen.getByRole("status").textContent).toMatch(/The scheduler could not load here/);
  });

  it("always offers exactly one link to the service in a new tab", () => {
    render(<Frame {...props} />);
    expect(newTabLink().getAttribute("href")).toBe(props.src);
    reveal();
    expect(screen.getAllByRole("link", { name: /Open the scheduler in a new tab/ })).toHaveLength(1);
  });
});
