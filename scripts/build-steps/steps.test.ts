import { describe, expect, it, vi } from "vitest";
import { loadSiteConfig } from "#common/site.ts";
import { buildSteps, finishBuild } from "./steps.ts";

describe("the build steps", () => {
  const order = buildSteps.map((step) => step.name);

  it("hash the pages after the last step that changes them, precache every written file, compress last", () => {
    expect(order).toEqual([
      "dropResourceRouteData",
      "paintFirstPages",
      "featureListPdf",
      "socialImage",
      "cspHashes",
      "serviceWorker",
      "precompress",
    ]);
  });

  it("run one after another, in order, each saying what it did", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const ran: string[] = [];
    const step = (name: string) =>
      Object.defineProperty(
        async () => {
          await new Promise((resolve) => setTimeout(resolve, ran.length === 0 ? 20 : 0));
          ran.push(name);
          return `${name} done`;
        },
        "name",
        { value: name },
      );
    await finishBuild({ dir: "/nowhere", site: loadSiteConfig({}) }, [step("first"), step("second")]);
    expect(ran).toEqual(["first", "second"]);
    expect(log.mock.calls.map(([line]) => String(line).replace(/\(\d+ ms\)/, "(n ms)"))).toEqual([
      "first: first done (n ms)",
      "second: second done (n ms)",
    ]);
    log.mockRestore();
  });
});
