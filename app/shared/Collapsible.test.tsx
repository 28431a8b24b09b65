// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Collapsible } from "./Collapsible.tsx";

afterEach(cleanup);

describe("Collapsible", () => {
  it("starts closed, opens and closes on click, and turns its arrow", () => {
    render(
      <Collapsible title="Step by step">
        <p>Enter hours</p>
      </Collapsible>,
    );
    const button = screen.getByRole("button", { name: "Step by step" });
    const panel = document.getElementById(button.getAttribute("aria-controls")!)!;
    const arrow = () => button.querySelector("svg")!.getAttribute("data-arrow");

    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(panel.hidden).toBe(true);
    expect(arrow()).toBe("down");

    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(panel.hidden).toBe(false);
    expect(panel.textContent).toBe("Enter hours");
    expect(arrow()).toBe("up");

    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(panel.hidden).toBe(true);
    expect(arrow()).toBe("down");
  });

  it("gives each section its own panel id", () => {
    render(
      <>
        <Collapsible title="A">a</Collapsible>
        <Collapsible title="B">b</Collapsible>
      </>,
    );
    const ids = screen.getAllByRole("button").map((b) => b.getAttribute("aria-controls"));
    expect(new Set(ids).size).toBe(2);
  });
});
