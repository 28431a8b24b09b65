/**
 * A detail of each product screen: a 4:3 part of it around its key numbers, drawn from the same SVG with
 * a narrower viewBox, so at phone width (below 640 px, where the whole screen's text would be about 5 px)
 * the numbers are about twice as large. Named `<screen>-detail`; the home page's feature cards show them
 * small too. Rectangles are in the screen canvas's units (1200 × 900); the height follows from 4:3.
 */
import { screens } from "./screens.ts";
import { screenHeight, screenWidth } from "./parts.ts";

type ScreenKey = keyof typeof screens;

export const detailRegions = {
  timesheet: { x: 64, y: 236, width: 560 },
  "expense-report": { x: 60, y: 230, width: 780 },
  "project-board": { x: 40, y: 190, width: 760 },
  invoice: { x: 430, y: 280, width: 740 },
  "resource-planning": { x: 60, y: 240, width: 760 },
  "billing-run": { x: 60, y: 210, width: 920 },
  "time-off": { x: 40, y: 200, width: 720 },
  payroll: { x: 40, y: 200, width: 800 },
} as const satisfies Record<ScreenKey, { x: number; y: number; width: number }>;

export const detailHeight = (width: number) => (width * 3) / 4;

/** The screen's SVG showing only its region, at the canvas's full size. */
export function detailOf(screen: ScreenKey): string {
  const { x, y, width } = detailRegions[screen];
  return screens[screen]().replace(
    `viewBox="0 0 ${screenWidth} ${screenHeight}"`,
    `viewBox="${x} ${y} ${width} ${detailHeight(width)}"`,
  );
}

export const details = Object.fromEntries(
  (Object.keys(detailRegions) as ScreenKey[]).map((screen) => [`${screen}-detail`, () => detailOf(screen)]),
) as { [K in ScreenKey as `${K}-detail`]: () => string };
