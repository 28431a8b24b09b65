// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { IntegrationList } from "./IntegrationList.tsx";
import { integrationsOn } from "./integrations.ts";

afterEach(cleanup);

describe("IntegrationList", () => {
  it("names each system under a heading that names them, linked where the company gave a link", () => {
    const block = integrationsOn(
      [
        { name: "Xero", kind: "accounting", link: "https://apps.xero.example/tallyway" },
        { name: "NetSuite", kind: "ERP", link: "/support" },
        { name: "Sage", kind: undefined, link: undefined },
      ],
      "products",
    )!;
    render(<IntegrationList block={block} />);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Connects with Xero, NetSuite and Sage");
    const items = within(screen.getByRole("list", { name: "Integrations" })).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "XXero (opens in a new tab)Accounting",
      "NNetSuiteERP",
      "SSage",
    ]);
    // Each begins with its initial as a mark, hidden from screen readers.
    expect(items[0].firstElementChild!.getAttribute("aria-hidden")).toBe("true");
    // Another site opens in a new tab; a page of the site opens in place.
    expect(within(items[0]).getByRole("link").getAttribute("target")).toBe("_blank");
    expect(within(items[1]).getByRole("link").getAttribute("href")).toBe("/support");
    expect(within(items[1]).getByRole("link").getAttribute("target")).toBeNull();
    expect(within(items[2]).queryByRole("link")).toBeNull();
  });
});
