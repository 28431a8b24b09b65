/** The usage page's cards and the wrappers of common/charts.ts's markup. */
import { useLayoutEffect, useRef, type ReactNode } from "react";
import { chartColors } from "#common/charts.ts";
import { count } from "./format.ts";
import { Card } from "./ui.tsx";

/**
 * SVG markup from common/charts.ts (it escapes every text it draws). A `timeline` (days, oldest
 * first) that scrolls sideways on a phone starts scrolled to its end: the newest days in view.
 */
export function Chart({
  markup,
  className = "",
  timeline = false,
}: {
  markup: string;
  className?: string;
  timeline?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (timeline && box.current) box.current.scrollLeft = box.current.scrollWidth;
  }, [timeline, markup]);
  // A chart drawn wide (the daily line chart) keeps a larger minimum on a phone, or its text would be a few pixels high.
  const wide = Number(/viewBox="0 0 (\d+)/.exec(markup)?.[1] ?? 0) > 800;
  // Focusable: on a phone the chart scrolls sideways (console.css), which keyboards must reach too.
  return (
    <div
      ref={box}
      tabIndex={0}
      role="group"
      aria-label="Chart"
      className={`console-chart ${wide ? "console-chart-wide" : ""} ${className}`}
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}

export function Table({ markup }: { markup: string }) {
  return <div className="console-table mt-4 text-sm" dangerouslySetInnerHTML={{ __html: markup }} />;
}

/**
 * A panel of charts and the table of their figures, or one line saying the period has none
 * (`figure` false): the shape of every figure panel of the usage page.
 */
export function ChartPanel({
  figure,
  empty,
  timeline = false,
  ...panel
}: {
  title: string;
  description?: string;
  wide?: boolean;
  figure: false | { charts: string[]; table: string };
  empty: string;
  /** Charts over days: on a phone they open on the newest. */
  timeline?: boolean;
}) {
  return (
    <Panel {...panel}>
      {figure ? (
        <>
          {figure.charts.map((markup, i) => (
            <Chart key={i} markup={markup} timeline={timeline} className={i ? "mt-4" : ""} />
          ))}
          <Table markup={figure.table} />
        </>
      ) : (
        <p className="text-sm text-muted">{empty}</p>
      )}
    </Panel>
  );
}

export function Panel({
  title,
  description,
  children,
  wide = false,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Card className={`min-w-0 p-4 sm:p-5 ${wide ? "lg:col-span-2" : ""}`}>
      <h2 className="text-base font-bold text-ink">{title}</h2>
      {description && <p className="mt-0.5 mb-3 text-sm text-muted">{description}</p>}
      <div className={description ? "" : "mt-3"}>{children}</div>
    </Card>
  );
}

/**
 * Starts and completions per video as rows of bars in HTML (the label above its bars, the
 * figures beside them), scaled to the most played video: they reflow to any width.
 */
export function VideoBars({ videos }: { videos: { label: string; starts: number; completes: number }[] }) {
  const most = Math.max(1, ...videos.flatMap((v) => [v.starts, v.completes]));
  const bar = (value: number, color: string, name: string) => (
    <div className="flex items-center gap-2">
      {value > 0 && (
        <span
          className="h-2.5 rounded-sm"
          style={{ width: `${Math.max(1, (value / most) * 85)}%`, background: color }}
        />
      )}
      <span className="shrink-0 text-xs text-muted tabular-nums">
        {count(value)} {name}
      </span>
    </div>
  );
  return (
    <ol aria-label="Video starts and completions" className="space-y-3">
      {videos.map((v) => (
        <li key={v.label}>
          <p className="text-sm font-semibold break-words text-ink">{v.label || "(unnamed)"}</p>
          <div className="mt-1 space-y-1">
            {bar(v.starts, chartColors.starts, v.starts === 1 ? "start" : "starts")}
            {bar(v.completes, chartColors.completes, "watched to the end")}
          </div>
        </li>
      ))}
    </ol>
  );
}
