// The leads CSV read back as a spreadsheet reads it: csv-parse with the byte order mark taken as
// the UTF-8 signature, every column by its header, formulas defused, names split as the CRM's.
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { pagePathsByName } from "#common/page-names.ts";
import { leadCrmColumns, leadCrmCsv, leadCsvFileName } from "./lead-csv.ts";
import { splitName } from "../outbox/handoff.ts";
import type { InboxLead } from "../leads/inbox-store.ts";

const lead = (over: Partial<InboxLead>, fields: Record<string, unknown> = {}): InboxLead => ({
  id: 1,
  createdAt: "2026-11-02T09:15:30.123Z",
  name: "Anne-Marie de la Tour",
  email: "amt@société.example",
  subject: "Tarifs",
  details: 'Bonjour, nous sommes 40 en français,\n"deux" lignes',
  status: "qualified",
  owner: "ann@example.com",
  changedAt: "2026-11-03T10:00:00.000Z",
  source: "newsletter",
  campaign: "autumn",
  fields: {
    first_source: "newsletter",
    first_campaign: "autumn",
    first_landing: "features-billing",
    first_medium: "email",
    visit_source: "Direct",
    visit_landing: "home",
    ...fields,
  },
  ...over,
});

describe("the leads CSV for a CRM", () => {
  const pathOf = pagePathsByName(["/", "/features/billing"]);
  const text = leadCrmCsv(
    [
      lead({}),
      lead(
        { id: 2, name: "Cher", email: "=cmd@example.com", status: "new", owner: null, changedAt: null },
        { first_source: null, first_landing: null, first_medium: null },
      ),
      lead(
        { id: 3, name: "", email: "solo@example.com", details: "@SUM(A1)" },
        { first_source: null, visit_source: null },
      ),
    ],
    pathOf,
  );
  const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];

  it("starts with a UTF-8 byte order mark, then the documented columns", () => {
    expect(text.startsWith("\uFEFFFirst Name,")).toBe(true);
    expect(Object.keys(rows[0])).toEqual([...leadCrmColumns]);
  });

  it("writes each lead as a CRM imports it: split name, status, owner, UTC dates, its visit's source, medium, campaign and landing path", () => {
    expect(rows[0]).toEqual({
      "First Name": "Anne-Marie",
      "Last Name": "de la Tour",
      "Full Name": "Anne-Marie de la Tour",
      Company: "",
      Email: "amt@société.example",
      Phone: "",
      Subject: "Tarifs",
      Question: 'Bonjour, nous sommes 40 en français,\n"deux" lignes',
      Status: "Qualified",
      Owner: "ann@example.com",
      Created: "2026-11-02 09:15:30",
      "Last Changed": "2026-11-03 10:00:00",
      Source: "newsletter",
      Medium: "email",
      Campaign: "autumn",
      "Landing Path": "/features/billing",
    });
    // Without a first visit, the sending visit's; a lead never changed last changed when it came.
    expect(rows[1]).toMatchObject({
      "First Name": "",
      "Last Name": "Cher",
      Status: "New",
      Owner: "",
      "Last Changed": "2026-11-02 09:15:30",
      Source: "Direct",
      Medium: "",
      Campaign: "",
      "Landing Path": "/",
    });
    // No name at all: the address's local part is the last name, as the CRM's form gets it.
    expect(rows[2]).toMatchObject({ "Last Name": "solo", Source: "", "Landing Path": "" });
  });

  it("defuses cells a spreadsheet would run as a formula", () => {
    expect(rows[1].Email).toBe("'=cmd@example.com");
    expect(rows[2].Question).toBe("'@SUM(A1)");
  });

  it("names the file by the filter's range of days", () => {
    expect(leadCsvFileName({ from: "2026-11-01", to: "2026-11-23" }, "2026-11-24")).toBe(
      "leads-2026-11-01-to-2026-11-23.csv",
    );
    expect(leadCsvFileName({ from: "2026-11-01" }, "2026-11-24")).toBe("leads-2026-11-01-to-2026-11-24.csv");
    expect(leadCsvFileName({ to: "2026-11-23" }, "2026-11-24")).toBe("leads-until-2026-11-23.csv");
    expect(leadCsvFileName({}, "2026-11-24")).toBe("leads-until-2026-11-24.csv");
  });

  it("names what else the filter narrows to, and a search without its words (issue 44)", () => {
    expect(leadCsvFileName({ status: "won" }, "2026-11-24")).toBe("leads-until-2026-11-24-status-won.csv");
    expect(
      leadCsvFileName({ from: "2026-11-01", source: "LinkedIn", campaign: "Spring Launch 2026!" }, "2026-11-24"),
    ).toBe("leads-2026-11-01-to-2026-11-24-source-linkedin-campaign-spring-launch-2026.csv");
    expect(leadCsvFileName({ q: "ann@example.com" }, "2026-11-24")).toBe("leads-until-2026-11-24-search.csv");
    expect(leadCsvFileName({ source: "—" }, "2026-11-24")).toBe("leads-until-2026-11-24-source-other.csv");
  });
});

describe("splitName", () => {
  const split = (name: string) => splitName(name, "x@example.com");
  it("keeps the particles with the last name, and at least one word as the first", () => {
    expect(split("Jürgen van der Berg-Öztürk")).toEqual({ firstName: "Jürgen", lastName: "van der Berg-Öztürk" });
    expect(split("Ludwig van Beethoven")).toEqual({ firstName: "Ludwig", lastName: "van Beethoven" });
    expect(split("  Anna  de la Cruz ")).toEqual({ firstName: "Anna", lastName: "de la Cruz" });
    expect(split("Mohammed bin Salman")).toEqual({ firstName: "Mohammed", lastName: "bin Salman" });
    expect(split("Leonardo Da Vinci")).toEqual({ firstName: "Leonardo", lastName: "Da Vinci" });
    expect(split("Van Morrison")).toEqual({ firstName: "Van", lastName: "Morrison" });
    expect(split("Mary Ann Smith")).toEqual({ firstName: "Mary Ann", lastName: "Smith" });
  });
  it("makes a one-word name the last name, and no name the address's local part", () => {
    expect(split("Cher")).toEqual({ firstName: "", lastName: "Cher" });
    expect(split("  ")).toEqual({ firstName: "", lastName: "x" });
  });
});
