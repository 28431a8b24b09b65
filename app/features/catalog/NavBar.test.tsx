// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { NavBar } from "./NavBar.tsx";

afterEach(cleanup);

const links = () =>
  screen.queryAllByRole("link").map((a) => [a.textContent?.replace(/[←↑→]/g, "").trim(), a.getAttribute("href")]);

describe("NavBar", () => {
  it("shows up, previous and next when all are set", () => {
    render(<NavBar up="/demo" previous="/demo-timesheet" next="/demo-new-te" />, { wrapper: MemoryRouter });
    expect(links()).toEqual([
      ["Previous", "/demo-timesheet"],
      ["Demo Home", "/demo"],
      ["Next", "/demo-new-te"],
    ]);
  });

  it("leaves out each link that is empty or missing", () => {
    render(<NavBar up="/demo" previous="" next="/demo-timer" />, { wrapper: MemoryRouter });
    expect(links()).toEqual([
      ["Demo Home", "/demo"],
      ["Next", "/demo-timer"],
    ]);
    cleanup();
    render(<NavBar up="/demo" previous="/demo-timer" />, { wrapper: MemoryRouter });
    expect(links()).toEqual([
      ["Previous", "/demo-timer"],
      ["Demo Home", "/demo"],
    ]);
    cleanup();
    render(<NavBar />, { wrapper: MemoryRouter });
    expect(links()).toEqual([]);
  });
});
