/**
 * What a team pays (issue #34 point 1): for a number of users, the yearly and monthly cost of
 * each edition in each way of paying the content states, with how it is worked out. No rule is
 * invented: Enterprise's packs are priced as "a pack of 10 users a year", so a team pays for the
 * packs that cover it; whether packs are required is not said, so both ways are shown. Amounts
 * are whole cents, so sums never drift.
 */

export interface CalculatorPrices {
  /** Enterprise, per user per month, in cents (833). */
  perUserMonthly: number;
  /** Enterprise, a pack of users a year: its price in cents (99900) and its size (10). */
  pack: { yearly: number; users: number };
  /** Professional, one price a year for the org, in cents (99900). */
  flatYearly: number;
}

export interface WayOfPaying {
  /** "Per user, by the month", "In packs of 10 users, by the year", "One price a year". */
  way: string;
  /** The way as the advice names it: "paying per user", "buying 3 packs of 10". */
  short: string;
  yearly: number;
  monthly: number;
  /** The sum in words: "USD 8.33 × 25 users × 12 months". */
  how: string;
}

export interface TeamCost {
  users: number;
  enterprise: WayOfPaying[];
  professional: WayOfPaying[];
}

export const minUsers = 1;
export const maxUsers = 100_000;

/** A typed number of users as a whole number in range; undefined for anything else (the input then says so). */
export function usersFrom(text: string): number | undefined {
  if (!/^\s*\d{1,6}\s*$/.test(text)) return undefined;
  const users = Number(text);
  return users >= minUsers && users <= maxUsers ? users : undefined;
}

const money = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat("en-US");

/** "USD 2,499" for whole dollars, "USD 208.25" otherwise. */
export function usd(cents: number): string {
  const rounded = Math.round(cents);
  return `USD ${rounded % 100 === 0 ? whole.format(rounded / 100) : money.format(rounded / 100)}`;
}

const count = (n: number, one: string, many: string) => `${whole.format(n)} ${n === 1 ? one : many}`;

export function teamCost(users: number, prices: CalculatorPrices): TeamCost {
  const packs = Math.ceil(users / prices.pack.users);
  return {
    users,
    enterprise: [
      {
        way: "Per user, by the month",
        short: "paying per user",
        monthly: prices.perUserMonthly * users,
        yearly: prices.perUserMonthly * users * 12,
        how: `${usd(prices.perUserMonthly)} × ${count(users, "user", "users")} × 12 months`,
      },
      {
        way: `In packs of ${prices.pack.users} users, by the year`,
        short: `buying ${count(packs, "pack", "packs")} of ${prices.pack.users}`,
        monthly: (prices.pack.yearly * packs) / 12,
        yearly: prices.pack.yearly * packs,
        how: `${count(packs, "pack", "packs")} × ${usd(prices.pack.yearly)}${
          packs * prices.pack.users > users ? ` (room for ${whole.format(packs * prices.pack.users)} users)` : ""
        }`,
      },
    ],
    professional: [
      {
        way: "One price a year",
        short: "one price a year",
        monthly: prices.flatYearly / 12,
        yearly: prices.flatYearly,
        how: "The same for any number of users",
      },
    ],
  };
}

/**
 * Which of Enterprise's ways costs the team less a year, and by how much, said in one sentence
 * ("For 25 users, paying per user is cheaper by USD 498 a year."): the two prices differ by a
 * few cents at a full pack and by hundreds of dollars in between, so a buyer should not have to
 * work it out. `cheaper` is undefined when both cost the same.
 */
export function advice(cost: TeamCost): { cheaper?: WayOfPaying; sentence: string } {
  const [first, second] = [...cost.enterprise].sort((a, b) => a.yearly - b.yearly);
  const team = `For ${count(cost.users, "user", "users")}`;
  if (first.yearly === second.yearly) return { sentence: `${team}, both ways cost the same.` };
  return {
    cheaper: first,
    sentence: `${team}, ${first.short} is cheaper by ${usd(second.yearly - first.yearly)} a year.`,
  };
}

/**
 * The calculator's figures read from the plans as the content states them: a price "per user per
 * month" with a second price for "a pack of N users" a year, and a price "per year" for the org.
 * Undefined when the plans no longer say so (an editor reworded them): the page then shows no
 * calculator rather than a sum the content does not support.
 */
export function calculatorPrices(
  plans: readonly { price: { amount: string; unit: string }; alternative?: { amount: string; unit: string } }[],
): CalculatorPrices | undefined {
  const cents = (amount: string) => Math.round(Number(amount.replace(/,/g, "")) * 100);
  const perUser = plans.find((plan) => /^per user per month$/i.test(plan.price.unit.trim()));
  const packUsers = Number(/pack of (\d+) users/i.exec(perUser?.alternative?.unit ?? "")?.[1]);
  const flat = plans.find((plan) => plan !== perUser && /^per year$/i.test(plan.price.unit.trim()));
  if (!perUser?.alternative || !packUsers || !flat) return undefined;
  const prices = {
    perUserMonthly: cents(perUser.price.amount),
    pack: { yearly: cents(perUser.alternative.amount), users: packUsers },
    flatYearly: cents(flat.price.amount),
  };
  return [prices.perUserMonthly, prices.pack.yearly, prices.flatYearly].every((n) => Number.isFinite(n) && n > 0)
    ? prices
    : undefined;
}
