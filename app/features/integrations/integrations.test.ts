import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { structuredProblems } from "#common/content-schemas.ts";
import { integrationPageAt, integrationsOn, namesInWords } from "./integrations.ts";

/** An entry as the loader reads it: an optional field left empty is absent. */
const entry = (name: string, kind?: string, link?: string) => ({ name, kind, link });
const xero = entry("Xero", "accounting", "https://apps.xero.example/tallyway");
const netsuite = entry("NetSuite", "erp");
const gusto = entry("Gusto", "Payroll", "/support");
const workday = entry("Workday", "HR");
const slack = entry("Slack", "other");
const zapier = entry("Zapier");

describe("integrations", () => {
  it("starts with none named, so no page shows the block", () => {
    const file = JSON.parse(readFileSync("content/integrations.json", "utf8")) as [];
    expect(file).toEqual([]);
    for (const page of ["products", "billing", "payroll"] as const) expect(integrationsOn(file, page)).toBeNull();
  });

  it("names every system on Products, with its kind as buyers read it", () => {
    const block = integrationsOn([xero, netsuite, gusto, workday, slack, zapier], "products");
    expect(block?.items).toEqual([
      { name: "Xero", kind: "Accounting", link: "https://apps.xero.example/tallyway" },
      { name: "NetSuite", kind: "ERP" },
      { name: "Gusto", kind: "Payroll", link: "/support" },
      { name: "Workday", kind: "HR" },
      { name: "Slack" },
      { name: "Zapier" },
    ]);
    expect(block?.heading).toBe("Connects with 6 systems");
  });

  it("names on Billing the accounting and ERP systems, on Payroll the payroll and HR systems", () => {
    const all = [xero, netsuite, gusto, workday, slack, zapier];
    expect(integrationsOn(all, "billing")).toMatchObject({
      heading: "Connects with Xero and NetSuite",
      items: [{ name: "Xero" }, { name: "NetSuite" }],
    });
    expect(integrationsOn(all, "payroll")?.heading).toBe("Connects with Gusto and Workday");
    // Only systems of other kinds: the feature page names none, and shows no block.
    expect(integrationsOn([gusto, slack, zapier], "billing")).toBeNull();
  });

  it("says what is included and what is charged, as the rest of the site does", () => {
    expect(integrationsOn([xero], "billing")?.note).toMatch(/included in your subscription.*development work/);
  });

  it("reads the names as a sentence", () => {
    expect(namesInWords(["Xero"])).toBe("Xero");
    expect(namesInWords(["Xero", "Sage"])).toBe("Xero and Sage");
    expect(namesInWords(["Xero", "Sage", "Gusto"])).toBe("Xero, Sage and Gusto");
    expect(integrationsOn([xero, netsuite, { ...xero, name: "Sage" }], "billing")?.heading).toBe(
      "Connects with Xero, NetSuite and Sage",
    );
  });

  it("knows which feature pages name integrations", () => {
    expect(integrationPageAt("/features/billing")).toBe("billing");
    expect(integrationPageAt("/features/payroll-integration")).toBe("payroll");
    expect(integrationPageAt("/features/project")).toBeUndefined();
  });

  it("is checked at save: a name is required, the kind is one of the list, the link a page or web address", () => {
    const check = (value: unknown) => structuredProblems("integrations", JSON.stringify(value));
    expect(check([xero, netsuite, gusto, workday, slack, zapier])).toEqual([]);
    expect(check([{ name: " ", kind: "banking", link: "xero.example" }])).toEqual([
      "Integration 1, System: is required.",
      "Integration 1, Kind: must be one of accounting, ERP, payroll, HR, other (or empty).",
      "Integration 1, Link: must be a page of the site (/contact) or a web address (https://…).",
    ]);
  });
});
