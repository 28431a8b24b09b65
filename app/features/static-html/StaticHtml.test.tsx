// @vitest-environment jsdom
import { act } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { Link, MemoryRouter, useLocation } from "react-router";
import { afterEach, expect, it } from "vitest";
import { addAnalyticsProvider, analyticsStarted, type AnalyticsEvent } from "#app/features/measurement/analytics.ts";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { staticMarkup } from "./render.server.tsx";
import { StaticHtml } from "./StaticHtml.tsx";

const html = staticMarkup(
  "/features/billing",
  <section>
    <h2>Static claim</h2>
    <p>
      Read on: <Link to="/demo">Watch the demos</Link>
    </p>
    <ScheduleCall action="demo" />
  </section>,
);

function Where() {
  return <output>{useLocation().pathname}</output>;
}
// On the client the string may be anything while hydrating: React does not read it then.
const page = (source: string) => (
  <MemoryRouter initialEntries={["/features/billing"]}>
    <StaticHtml html={source} />
    <Where />
  </MemoryRouter>
);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
});

async function hydrateServerPage() {
  const container = document.createElement("div");
  container.innerHTML = renderToString(page(html));
  document.body.append(container);
  const heading = container.querySelector("h2")!;
  await act(async () => {
    root = hydrateRoot(container, page(html));
  });
  return { container, heading };
}

const hasFiber = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"));

it("adopts the server's HTML as it is: the same nodes, none of them walked by hydration", async () => {
  const { container, heading } = await hydrateServerPage();
  expect(container.querySelector("h2")).toBe(heading);
  const wrapper = container.firstElementChild!;
  expect(hasFiber(wrapper)).toBe(true);
  expect([...wrapper.querySelectorAll("*")].filter(hasFiber)).toEqual([]);
});

it("follows a page link inside it client-side", async () => {
  const { container } = await hydrateServerPage();
  const link = [...container.querySelectorAll("a")].find((a) => a.textContent === "Watch the demos")!;
  const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
  await act(async () => void link.dispatchEvent(click));
  expect(click.defaultPrevented).toBe(true);
  expect(container.querySelector("output")?.textContent).toBe("/demo");
});

it("reports a schedule-call click from its data attributes, and leaves the new tab to the browser", async () => {
  const events: AnalyticsEvent[] = [];
  const remove = addAnalyticsProvider({ event: (event) => void events.push(event) });
  analyticsStarted();
  const { container } = await hydrateServerPage();
  const button = container.querySelector<HTMLAnchorElement>('a[target="_blank"]')!;
  button.addEventListener("click", (event) => event.preventDefault()); // jsdom would try to open it
  await act(async () => void button.click());
  remove();
  expect(events).toEqual([{ category: "schedule-call", action: "click", label: "demo" }]);
  expect(container.querySelector("output")?.textContent).toBe("/features/billing");
});
