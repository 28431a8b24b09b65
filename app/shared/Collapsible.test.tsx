// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Collapsible } from "./Collapsible.tsx";

afterEach(cleanup);

describe("Collapsible", () => {
  it("is a closed <details> whose summary names it, turning its arrow when toggled", () => {
    render(
      <Collapsible title="Step by step">
        <p>Enter hours</p>
      </Collapsible>,
    );
    const details = document.querySelector("details")!;
    const summary = details.querySelector("summary")!;
    const arrow = () => summary.querySelector("svg")!.getAttribute("data-arrow");

    expect(details.open).toBe(false);
    expect(screen.getByRole("heading", { level: 3 }).textContent).toBe("Step by step");
    expect(summary.nextElementSibling!.textContent).toBe("Enter hours");
    expect(arrow()).toBe("down");

    details.open = true;
    fireEvent(details, new Event("toggle"));
    expect(arrow()).toBe("up");

    details.open = false;
    fireEvent(details, new Event("toggle"));
    expect(arrow()).toBe("down");
  });

  it("keeps the page's heading level", () => {
    render(
      <Collapsible title="A" level={2}>
        a
      </Collapsible>,
    );
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("A");
  });
});
