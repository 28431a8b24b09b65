// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addAnalyticsProvider, analyticsStarted, type AnalyticsEvent } from "#app/features/measurement/analytics.ts";
import type { ConnectPlayer, PlayerCallbacks } from "./video.ts";
import { Video } from "./Video.tsx";

/** A stand-in for the video service's player (an external service): records calls, lets the test report states. */
function fakeService() {
  const calls: string[] = [];
  let callbacks: PlayerCallbacks | undefined;
  let frame: HTMLIFrameElement | undefined;
  const connect: ConnectPlayer = (f, c) => {
    frame = f;
    callbacks = c;
    return () => calls.push("disconnect");
  };
  const player = { play: () => calls.push("play"), seekTo: (s: number) => calls.push(`seekTo ${s}`) };
  const report = (fn: (c: PlayerCallbacks) => void) => act(() => fn(callbacks!));
  return { connect, player, calls, report, frame: () => frame };
}

describe("Video", () => {
  let events: AnalyticsEvent[];
  let removeProvider: () => void;
  beforeEach(() => {
    events = [];
    removeProvider = addAnalyticsProvider({ event: (e) => events.push(e) });
    analyticsStarted();
  });
  afterEach(() => {
    removeProvider();
    cleanup();
    vi.useRealTimers();
  });

  it("shows the thumbnail from thumbHost/videoId/resolution+file and a link to the video service", () => {
    const service = fakeService();
    const { container } = render(<Video videoId="abc" videoTitle="A tour" thumbHost="https://thumbs.example" connectPlayer={service.connect} />);
    expect(container.querySelector("img")!.getAttribute("src")).toBe("https://thumbs.example/abc/hqdefault.jpg");
    expect(container.querySelector("img")!.getAttribute("width")).toBe("640");
    expect(container.querySelector("img")!.getAttribute("height")).toBe("390");
    expect(screen.getByRole("link", { name: /Watch on YouTube/ }).getAttribute("href")).toBe("https://www.youtube.com/watch?v=abc");
    expect(container.querySelector("iframe")).toBeNull();
    expect(service.frame()).toBeUndefined();
  });

  it("shows our own poster straight away when no thumbnail host is configured", () => {
    const service = fakeService();
    const { container } = render(<Video videoId="abc" videoTitle="A tour" thumbHost="" connectPlayer={service.connect} />);
    expect(container.querySelectorAll("img")).toHaveLength(1);
    expect(container.querySelector("img")!.getAttribute("src")).toMatch(/^\/assets\/img\/project-board-[0-9a-f]{10}-1400\.webp$/);
  });

  it("loads its picture lazily, or at once and first when it is the page's first picture (priority)", () => {
    const service = fakeService();
    const lazyOne = render(<Video videoId="abc" videoTitle="A tour" thumbHost="" connectPlayer={service.connect} />);
    expect(lazyOne.container.querySelector("img")!.getAttribute("loading")).toBe("lazy");
    expect(lazyOne.container.querySelector("img")!.getAttribute("fetchpriority")).toBeNull();
    cleanup();
    for (const thumbHost of ["", "https://thumbs.example"]) {
      const { container } = render(<Video videoId="abc" videoTitle="A tour" thumbHost={thumbHost} connectPlayer={service.connect} priority />);
      expect(container.querySelector("img")!.getAttribute("loading")).toBe("eager");
      expect(container.querySelector("img")!.getAttribute("fetchpriority")).toBe("high");
      cleanup();
    }
  });

  it("swaps to our own poster when the thumbnail fails", () => {
    const service = fakeService();
    const { container } = render(<Video videoId="abc" videoTitle="A tour" thumbHost="https://thumbs.example" connectPlayer={service.connect} />);
    fireEvent.error(container.querySelector("img")!);
    expect(container.querySelector("img")!.getAttribute("src")).toMatch(/^\/assets\/img\/project-board-[0-9a-f]{10}-1400\.webp$/);
    expect(container.querySelectorAll("picture source")).toHaveLength(2);
  });

  it("a click embeds the player from the privacy-enhanced host, connects and plays", () => {
    const service = fakeService();
    const { container } = render(<Video videoId="abc" videoTitle="A tour" connectPlayer={service.connect} />);
    fireEvent.click(screen.getByRole("button", { name: "Play video: A tour" }));
    const frame = container.querySelector("iframe")!;
    expect(frame.getAttribute("src")).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/abc\?autoplay=1&enablejsapi=1/);
    expect(frame.getAttribute("title")).toBe("A tour");
    expect(service.frame()).toBe(frame);
    expect(container.querySelector("figure")!.dataset.videoStatus).toBe("loading");
    service.report((c) => c.onReady(service.player));
    expect(service.calls).toEqual(["play"]);
    expect(container.querySelector("figure")!.dataset.videoStatus).toBe("ready");
  });

  it("reports start once on buffering, complete on end, and offers Play Again, a call and a small contact form", async () => {
    const service = fakeService();
    render(<Video videoId="abc" videoTitle="A tour" connectPlayer={service.connect} />);
    fireEvent.click(screen.getByRole("button", { name: /Play video/ }));
    service.report((c) => c.onReady(service.player));
    service.report((c) => c.onStatus("buffering"));
    service.report((c) => c.onStatus("playing"));
    service.report((c) => c.onStatus("buffering"));
    expect(events).toEqual([{ category: "video", action: "start", label: "A tour", value: 5 }]);
    expect(screen.queryByRole("button", { name: "Play Again" })).toBeNull();
    service.report((c) => c.onStatus("ended"));
    expect(events[1]).toEqual({ category: "video", action: "complete", label: "A tour", value: 10 });
    expect(screen.getByRole("button", { name: "Play Again" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Schedule a Call" }).getAttribute("href")).toContain("type=video");
    // The form is a lazy chunk: on a busy machine its first import takes more than the default second.
    expect(await screen.findByRole("form", { name: "Contact form" }, { timeout: 10_000 })).toBeTruthy();
  });

  it("Play Again replays from the start after 500 ms", () => {
    vi.useFakeTimers();
    const service = fakeService();
    const { container } = render(<Video videoId="abc" videoTitle="A tour" connectPlayer={service.connect} />);
    fireEvent.click(screen.getByRole("button", { name: /Play video/ }));
    service.report((c) => c.onReady(service.player));
    service.report((c) => c.onStatus("ended"));
    service.calls.length = 0;
    fireEvent.click(screen.getByRole("button", { name: "Play Again" }));
    expect(screen.queryByRole("button", { name: "Play Again" })).toBeNull();
    act(() => vi.advanceTimersByTime(499));
    expect(service.calls).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(service.calls).toEqual(["seekTo 0", "play"]);
    expect(container.querySelector("figure")!.dataset.videoStatus).toBe("buffering");
  });

  it("keeps the embed when the player API cannot load", () => {
    const service = fakeService();
    const { container } = render(<Video videoId="abc" videoTitle="A tour" connectPlayer={service.connect} />);
    fireEvent.click(screen.getByRole("button", { name: /Play video/ }));
    service.report((c) => c.onUnavailable());
    expect(container.querySelector("figure")!.dataset.videoStatus).toBe("unmanaged");
    expect(container.querySelector("iframe")).not.toBeNull();
  });
});
