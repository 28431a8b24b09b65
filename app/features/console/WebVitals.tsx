/** The Usage page's web-vitals section (issue 31: apart from the answers): p75 of each vital and its days. */
import { formatVital, ratingLabel, vitalChart, vitalTitles } from "#common/charts.ts";
import { vitalNames, type VitalName, type VitalRating } from "#common/web-vitals.ts";
import { Chart, Panel } from "./UsagePanels.tsx";

const ratingTone: Record<VitalRating, string> = {
  good: "bg-emerald-50 text-emerald-800",
  "needs-improvement": "bg-amber-50 text-amber-800",
  poor: "bg-danger-50 text-danger-700",
};

export function WebVitals({
  vitals,
  vitalsDaily,
  days,
  note,
}: {
  vitals: { name: VitalName; samples: number; p75: number; rating: VitalRating }[];
  vitalsDaily: { name: VitalName; day: string; p75: number; samples: number }[];
  days: string[];
  note?: string;
}) {
  return (
    <Panel
      title="Web vitals"
      description={`75th percentile of real visits against the spec's thresholds.${note ? ` ${note}` : ""}`}
      wide
    >
      {vitals.length ? (
        <>
          <ul className="grid grid-cols-[repeat(auto-fit,minmax(8.5rem,1fr))] gap-3">
            {vitals.map((v) => (
              <li key={v.name} className="rounded-lg border border-line p-3">
                <p className="text-sm font-bold text-muted">
                  <abbr title={vitalTitles[v.name]} className="no-underline">
                    {v.name}
                  </abbr>
                </p>
                <p className="text-xl font-bold text-ink tabular-nums">{formatVital(v.name, v.p75)}</p>
                <p
                  className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${ratingTone[v.rating]}`}
                >
                  {ratingLabel[v.rating]}
                </p>
              </li>
            ))}
          </ul>
          <div className="mt-5 grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[repeat(2,minmax(0,1fr))] xl:grid-cols-[repeat(3,minmax(0,1fr))]">
            {vitalNames
              .filter((name) => vitalsDaily.some((p) => p.name === name))
              .map((name) => (
                <figure key={name} className="min-w-0">
                  <figcaption className="mb-1 text-xs font-semibold text-muted">
                    {vitalTitles[name]} ({name}), p75 per day
                  </figcaption>
                  <Chart
                    timeline
                    markup={vitalChart(
                      name,
                      days,
                      vitalsDaily.filter((p) => p.name === name),
                    )}
                  />
                </figure>
              ))}
          </div>
        </>
      ) : (
        <p className="text-sm text-muted">No web-vitals measurements in this period.</p>
      )}
    </Panel>
  );
}
