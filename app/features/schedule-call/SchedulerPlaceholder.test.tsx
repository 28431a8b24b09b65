// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SchedulerPlaceholder } from "./SchedulerPlaceholder.tsx";

afterEach(cleanup);

const actions = <p role="status">The scheduler could not load here.</p>;

describe("SchedulerPlaceholder", () => {
  it("shows the booking steps while the scheduler may come", () => {
    render(<SchedulerPlaceholder actions={actions} />);
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Step 1: Pick a time",
      "Step 2: Your details",
      "Step 3: Confirmation",
      "Book your call",
    ]);
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("unavailable, it keeps the frame's status element and offers e-mail and phone instead of the sketch", () => {
    const { rerender } = render(<SchedulerPlaceholder actions={actions} />);
    const status = screen.getByRole("status");
    rerender(<SchedulerPlaceholder actions={actions} unavailable />);
    // The same node: a live region swapped for a new one would not be announced.
    expect(screen.getByRole("status")).toBe(status);
    expect(screen.queryByRole("list")).toBeNull();
    expect(screen.getAllByRole("heading").map((h) => h.textContent)).toEqual(["Book your call"]);
    expect(screen.getByRole("link", { name: "support@tallyway.example" }).getAttribute("href")).toBe(
      "mailto:support@tallyway.example",
    );
    expect(screen.getByRole("link", { name: "+1 555 010 0199" }).getAttribute("href")).toBe("tel:+15550100199");
  });
});
