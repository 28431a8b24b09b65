// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { phoneDetailMedia } from "#common/art.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addAnalyticsProvider, analyticsStarted, type AnalyticsEvent } from "#app/features/measurement/analytics.ts";
import { playerStartTimeoutMs, type ConnectPlayer, type PlayerCallbacks } from "./video.ts";
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
    const { container } = render(
      <Video
        videoId="abc"
        videoTitle="A tour"
        poster="poster-timer"
        thumbHost="https://thumbs.example"
        connectPlayer={service.connect}
      />,
    );
    expect(container.querySelector("img")!.getAttribute("src")).toBe("https://thumbs.example/abc/hqdefault.jpg");
    expect(container.querySelector("img")!.getAttribute("width")).toBe("640");
    expect(container.querySelector("img")!.getAttribute("height")).toBe("390");
    expect(screen.getByRole("link", { name: /Watch on YouTube/ }).getAttribute("href")).toBe(
      "https://www.youtube.com/watch?v=abc",
    );
    expect(container.querySelector("iframe")).toBeNull();
    expect(service.frame()).toBeUndefined();
  });

  it("shows our own poster straight away when no thumbnail host is configured", () => {
    const service = fakeService();
    const { container } = render(
      <Video videoId="abc" videoTitle="A tour" poster="poster-timer" thumbHost="" connectPlayer={service.connect} />,
    );
    expect(container.querySelectorAll("img")).toHaveLength(1);
    expect(container.querySelector("img")!.getAttribute("src")).toMatch(
      /^\/assets\/img\/poster-timer-[0-9a-f]{10}-1400\.webp$/,
    );
  });

  it("loads its picture lazily, or at once and first when it is the page's first picture (priority)", () => {
    const service = fakeService();
    const lazyOne = render(
      <Video videoId="abc" videoTitle="A tour" poster="poster-timer" thumbHost="" connectPlayer={service.connect} />,
    );
    expect(lazyOne.container.querySelector("img")!.getAttribute("loading")).toBe("lazy");
    expect(lazyOne.container.querySelector("img")!.getAttribute("fetchpriority")).toBeNull();
    cleanup();
    for (const thumbHost of ["", "https://thumbs.example"]) {
      const { container } = render(
        <Video
          videoId="abc"
          videoTitle="A tour"
          poster="poster-timer"
          thumbHost={thumbHost}
          connectPlayer={service.connect}
          priority
        />,
      );
      expect(container.querySelector("img")!.getAttribute("loading")).toBe("eager");
      expect(container.querySelector("img")!.getAttribute("fetchpriority")).toBe("high");
      cleanup();
    }
  });

  it("swaps to our own poster when the thumbnail fails", () => {
    const service = fakeService();
    const { container } = render(
      <Video
        videoId="abc"
        videoTitle="A tour"
        poster="poster-timer"
        thumbHost="https://thumbs.example"
        connectPlayer={service.connect}
      />,
    );
    fireEvent.error(container.querySelector("img")!);
    expect(container.querySelector("img")!.getAttribute("src")).toMatch(
      /^\/assets\/img\/poster-timer-[0-9a-f]{10}-1400\.webp$/,
    );
    // Below 640 px the phone composition (art/poster-phones.ts) in AVIF and WebP, then the poster's.
    const sources = [...container.querySelectorAll("picture source")];
    expect(sources.map((source) => source.getAttribute("media"))).toEqual([
      phoneDetailMedia,
      phoneDetailMedia,
      null,
      null,
    ]);
    expect(sources[0]!.getAttribute("srcset")).toMatch(/^\/assets\/img\/poster-timer-phone-[0-9a-f]{10}-1920\.avif /);
  });

  it("a click embeds the player from the privacy-enhanced host, connects and plays", () => {
    const service = fakeService();
    const { container } = render(
      <Video videoId="abc" videoTitle="A tour" poster="poster-timer" connectPlayer={service.connect} />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Play video: A tour" }));
    const frame = container.querySelector("iframe")!;
    expect(frame.getAttribute("src")).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/abc\?autoplay=1&enablejsapi=1/,
    );
    expect(frame.getAttribute("title")).toBe("A tour");
    expect(service.frame()).toBe(frame);
    expect(container.querySelector("figure")!.dataset.videoStatus).toBe("loading");
    service.report((c) => c.onReady(service.player));
    expect(service.calls).toEqual(["play"]);
    expect(container.querySelector("figure")!.dataset.videoStatus).toBe("ready");
  });

  it("reports start once on buffering, complete on end, and offers Play Again, a call and a small contact form", async () => {
    const service = fakeService();
    render(<Video videoId="abc" videoTitle="A tour" poster="poster-timer" connectPlayer={service.connect} />);
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
    expect(screen.getByRole("link", { name: /^Schedule a Call/ }).getAttribute("href")).toContain("type=video");
    // The form is a lazy chunk: on a busy machine its first import takes more than the default second.
    expect(await screen.findByRole("form", { name: "Contact form" }, { timeout: 10_000 })).toBeTruthy();
  });

  it("Play Again replays from the start after 500 ms", () => {
    vi.useFakeTimers();
    const service = fakeService();
    const { container } = render(
      <Video videoId="abc" videoTitle="A tour" poster="poster-timer" connectPlayer={service.connect} />,
    );
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

  it("shows the video's own poster at its 16:9 size", () => {
    const service = fakeService();
    const { container } = render(
      <Video
        videoId="abc"
        videoTitle="A tour"
        poster="poster-classic-case"
        thumbHost=""
        connectPlayer={service.connect}
      />,
    );
    const img = container.querySelector("img")!;
    expect(img.getAttribute("src")).toMatch(/^\/assets\/img\/poster-classic-case-[0-9a-f]{10}-1400\.webp$/);
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["1400", "788"]);
  });

  /** Plays the video, then lets `fail` make the player fail; returns the rendered page. */
  function failed(fail: (service: ReturnType<typeof fakeService>) => void) {
    const service = fakeService();
    const view = render(
      <Video videoId="abc" videoTitle="A tour" poster="poster-timer" thumbHost="" connectPlayer={service.connect} />,
    );
    fireEvent.click(screen.getByRole("button", { name: /Play video/ }));
    fail(service);
    return { ...view, service, figure: view.container.querySelector("figure")! };
  }

  it("when the player API cannot load, shows the poster, a message, Watch on YouTube (new tab) and Try again", () => {
    const { container, figure, service } = failed((s) => s.report((c) => c.onUnavailable()));
    expect(figure.dataset.videoStatus).toBe("failed");
    expect(service.calls).toEqual(["disconnect"]);
    expect(container.querySelector("iframe")).toBeNull();
    expect(container.querySelector("img")!.getAttribute("src")).toMatch(/poster-timer-/);
    const panel = screen.getByRole("region", { name: "This video could not load here." });
    expect(panel.textContent).toContain("Your network may block YouTube.");
    const watch = within(panel).getByRole("link", { name: /^Watch on YouTube\s*\(opens in a new tab\)$/ });
    expect([watch.getAttribute("href"), watch.getAttribute("target"), watch.getAttribute("rel")]).toEqual([
      "https://www.youtube.com/watch?v=abc",
      "_blank",
      "noopener",
    ]);
    expect(within(panel).getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Play video/ })).toBeNull();
    // The focused frame is gone: the message has the focus, so a screen reader reads it.
    expect(document.activeElement).toBe(panel.querySelector("[tabindex='-1']"));
  });

  it("fails when the player reports an error, also after it was ready", () => {
    const { figure } = failed((s) => {
      s.report((c) => c.onReady(s.player));
      s.report((c) => c.onError());
    });
    expect(figure.dataset.videoStatus).toBe("failed");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it(`fails when the player is not ready within ${playerStartTimeoutMs / 1000} s, not before`, () => {
    vi.useFakeTimers();
    const { figure } = failed(() => {});
    act(() => vi.advanceTimersByTime(playerStartTimeoutMs - 1));
    expect(figure.dataset.videoStatus).toBe("loading");
    act(() => vi.advanceTimersByTime(1));
    expect(figure.dataset.videoStatus).toBe("failed");
  });

  it("does not time out once the player is ready", () => {
    vi.useFakeTimers();
    const { figure } = failed((s) => s.report((c) => c.onReady(s.player)));
    act(() => vi.advanceTimersByTime(playerStartTimeoutMs * 2));
    expect(figure.dataset.videoStatus).toBe("ready");
  });

  it("Try again embeds the player afresh and connects again", () => {
    const { container, figure, service } = failed((s) => s.report((c) => c.onUnavailable()));
    const firstFrame = service.frame();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(figure.dataset.videoStatus).toBe("loading");
    const frame = container.querySelector("iframe")!;
    expect(frame).not.toBeNull();
    expect(service.frame()).toBe(frame);
    expect(frame).not.toBe(firstFrame);
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    service.report((c) => c.onReady(service.player));
    expect(figure.dataset.videoStatus).toBe("ready");
    expect(service.calls).toEqual(["disconnect", "play"]);
  });

  it("keeps the play facade's element through hydration: a link before, a button in place after, Space and click open the player", async () => {
    const service = fakeService();
    const video = (
      <Video videoId="abc" videoTitle="A tour" poster="poster-timer" thumbHost="" connectPlayer={service.connect} />
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(video);
    document.body.append(container);
    const before = screen.getByRole("link", { name: "Play video: A tour" });
    expect(before.getAttribute("href")).toBe("https://www.youtube.com/watch?v=abc");
    let root!: Root;
    await act(async () => {
      root = hydrateRoot(container, video);
    });
    // The same node, so a press that began before hydration ends on what it began on.
    expect(screen.getByRole("button", { name: "Play video: A tour" })).toBe(before);
    fireEvent.keyDown(before, { key: " " });
    expect(container.querySelector("iframe")).not.toBeNull();
    act(() => root.unmount());
    container.remove();
  });

  it("opens the player on a click once hydrated, instead of following the link", () => {
    const service = fakeService();
    const { container } = render(
      <Video videoId="abc" videoTitle="A tour" poster="poster-timer" thumbHost="" connectPlayer={service.connect} />,
    );
    const facade = screen.getByRole("button", { name: "Play video: A tour" });
    expect(fireEvent.click(facade)).toBe(false); // default prevented: no navigation
    expect(container.querySelector("iframe")).not.toBeNull();
  });
});
