import { useId, useState } from "react";
import {
  advice,
  maxUsers,
  minUsers,
  teamCost,
  usd,
  usersFrom,
  type CalculatorPrices,
  type WayOfPaying,
} from "./cost-calculator.ts";

/** The team size the page is prerendered with, and the sizes said without JavaScript. */
const defaultUsers = 25;
const staticSizes = [10, 50, 100];

function Way({ way, cheaper = false }: { way: WayOfPaying; cheaper?: boolean }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2.5">
      <span className="text-base text-ink">
        {way.way}
        {cheaper && (
          <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
            Cheaper
          </span>
        )}
      </span>
      <span className="text-right">
        <span className="text-lg font-semibold text-ink tabular-nums">{usd(way.yearly)}</span>
        <span className="text-sm text-muted"> a year</span>
      </span>
      <span className="w-full text-sm text-muted">
        {way.how} · {usd(way.monthly)} a month
      </span>
    </li>
  );
}

/**
 * The cost for a team (issue #34 point 1): a number of users in, each edition's yearly and
 * monthly cost out, with the sum in words. Prerendered for 25 users; without JavaScript the
 * figures for other sizes are listed under it.
 */
export function CostCalculator({
  prices,
  names,
}: {
  prices: CalculatorPrices;
  names: { enterprise: string; professional: string };
}) {
  const id = useId();
  const [text, setText] = useState(String(defaultUsers));
  const [users, setUsers] = useState(defaultUsers);
  const valid = usersFrom(text) !== undefined;
  const cost = teamCost(users, prices);
  const { cheaper, sentence } = advice(cost);
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={`${id}-h`} className="text-xl font-semibold">
            What your team would pay
          </h2>
          <p className="mt-1 text-base text-muted">Prices in USD, before any tax.</p>
        </div>
        <div className="flex items-center gap-3">
          <label htmlFor={`${id}-users`} className="text-base font-semibold text-ink">
            Users
          </label>
          <input
            id={`${id}-users`}
            type="number"
            inputMode="numeric"
            min={minUsers}
            max={maxUsers}
            step={1}
            value={text}
            aria-invalid={!valid}
            aria-describedby={valid ? undefined : `${id}-error`}
            onChange={(event) => {
              setText(event.target.value);
              const next = usersFrom(event.target.value);
              if (next !== undefined) setUsers(next);
            }}
            className="w-32 rounded-lg border border-line px-3 py-2 text-lg tabular-nums"
          />
        </div>
      </div>
      {!valid && (
        <p id={`${id}-error`} className="mt-2 text-sm text-danger-700">
          Enter a whole number of users from {minUsers} to {maxUsers.toLocaleString("en-US")}.
        </p>
      )}
      {/* Said again as it changes; a div, since <output> may hold phrasing content only. */}
      <div data-costs aria-live="polite" className="mt-4 grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="text-base font-semibold text-ink">
            {names.enterprise}, {cost.users.toLocaleString("en-US")} {cost.users === 1 ? "user" : "users"}
          </h3>
          <ul className="divide-y divide-line">
            {cost.enterprise.map((way) => (
              <Way key={way.way} way={way} cheaper={way === cheaper} />
            ))}
          </ul>
          {/* After the two sums, so the rows line up with the other edition's. */}
          <p className="mt-1 text-sm font-medium text-brand-800">{sentence}</p>
        </div>
        <div>
          <h3 className="text-base font-semibold text-ink">{names.professional}, any number of users</h3>
          <ul className="divide-y divide-line">
            {cost.professional.map((way) => (
              <Way key={way.way} way={way} />
            ))}
          </ul>
        </div>
      </div>
      <noscript>
        <p className="mt-4 text-sm text-muted">
          {names.enterprise} for other team sizes, a year:{" "}
          {staticSizes
            .map((size) => {
              const [perUser, packs] = teamCost(size, prices).enterprise;
              return `${size} users ${usd(perUser.yearly)} per user or ${usd(packs.yearly)} in packs`;
            })
            .join("; ")}
          .
        </p>
      </noscript>
    </section>
  );
}
