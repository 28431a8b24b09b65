import { describe, expect, it } from "vitest";
import { advice, calculatorPrices, teamCost, usd, usersFrom, type CalculatorPrices } from "./cost-calculator.ts";

const prices: CalculatorPrices = { perUserMonthly: 833, pack: { yearly: 99900, users: 10 }, flatYearly: 99900 };
const yearly = (users: number) => {
  const cost = teamCost(users, prices);
  return [...cost.enterprise, ...cost.professional].map((way) => usd(way.yearly));
};

describe("cost calculator", () => {
  it("works out a year for 1, 10, 25 and 101 users in each way of paying", () => {
    expect(yearly(1)).toEqual(["USD 99.96", "USD 999", "USD 999"]);
    expect(yearly(10)).toEqual(["USD 999.60", "USD 999", "USD 999"]);
    expect(yearly(25)).toEqual(["USD 2,499", "USD 2,997", "USD 999"]);
    expect(yearly(101)).toEqual(["USD 10,095.96", "USD 10,989", "USD 999"]);
  });

  it("says how each sum is made, and what a month comes to", () => {
    const cost = teamCost(25, prices);
    expect(cost.enterprise.map((way) => way.how)).toEqual([
      "USD 8.33 × 25 users × 12 months",
      "3 packs × USD 999 (room for 30 users)",
    ]);
    expect(cost.enterprise.map((way) => usd(way.monthly))).toEqual(["USD 208.25", "USD 249.75"]);
    expect(teamCost(1, prices).enterprise[0].how).toBe("USD 8.33 × 1 user × 12 months");
    expect(teamCost(10, prices).enterprise[1].how).toBe("1 pack × USD 999");
    expect(usd(teamCost(7, prices).professional[0].monthly)).toBe("USD 83.25");
  });

  it("says which of Enterprise's ways is cheaper at 5, 10, 25 and 100 users, and by how much", () => {
    const said = (users: number) => advice(teamCost(users, prices));
    expect(said(5).sentence).toBe("For 5 users, paying per user is cheaper by USD 499.20 a year.");
    expect(said(10).sentence).toBe("For 10 users, buying 1 pack of 10 is cheaper by USD 0.60 a year.");
    expect(said(25).sentence).toBe("For 25 users, paying per user is cheaper by USD 498 a year.");
    expect(said(100).sentence).toBe("For 100 users, buying 10 packs of 10 is cheaper by USD 6 a year.");
    expect(said(25).cheaper?.way).toBe("Per user, by the month");
    expect(said(100).cheaper?.way).toBe("In packs of 10 users, by the year");
    // Equal yearly sums: no way is marked.
    const even = advice(teamCost(10, { ...prices, pack: { yearly: 99960, users: 10 } }));
    expect(even).toEqual({ sentence: "For 10 users, both ways cost the same." });
  });

  it("takes a whole number of users from 1 to 100,000 and nothing else", () => {
    expect(usersFrom("25")).toBe(25);
    expect(usersFrom(" 101 ")).toBe(101);
    for (const text of ["", "0", "-3", "2.5", "1e3", "abc", "100001"]) expect(usersFrom(text), text).toBeUndefined();
  });
});

describe("calculatorPrices", () => {
  const plans = [
    {
      price: { amount: "8.33", unit: "per user per month" },
      alternative: { amount: "999", unit: "a year for a pack of 10 users" },
    },
    { price: { amount: "999", unit: "per year" } },
  ];

  it("reads the figures the plans state", () => {
    expect(calculatorPrices(plans)).toEqual(prices);
    expect(calculatorPrices([plans[1], plans[0]])).toEqual(prices);
  });

  it("gives nothing when the plans no longer say what the sums need", () => {
    expect(calculatorPrices([{ ...plans[0], price: { amount: "8.33", unit: "per seat" } }, plans[1]])).toBeUndefined();
    expect(calculatorPrices([{ price: plans[0].price }, plans[1]])).toBeUndefined();
    expect(calculatorPrices([plans[0], { price: { amount: "999", unit: "per month" } }])).toBeUndefined();
    expect(calculatorPrices([plans[0], { price: { amount: "free", unit: "per year" } }])).toBeUndefined();
  });
});
