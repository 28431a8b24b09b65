/**
 * The wide-screen crop of each screen the home carousel shows (`<screen>-focus`): the same drawing with
 * its view cut to the part the slide claims, so that at the carousel's width at 1440 px (about 565 CSS px)
 * no label is under 9 px. The whole screen's smallest labels (13 units) would be 6 px there.
 * Each box is 4:3 like the canvas, so the crop fills the same frame with no letterboxing.
 */
import { screenHeight, screenWidth } from "./parts.ts";
import { screens } from "./screens.ts";

interface Box {
  x: number;
  y: number;
  /** The height follows from the 4:3 canvas. */
  width: number;
}

/** 780 units or less across: 13-unit labels drawn 565 px wide are 9.4 px. */
export const focusBoxes = {
  // The week's lines, Monday to Friday in decimal hours, and the daily totals.
  timesheet: { x: 50, y: 232, width: 778 },
  // The expense lines with their accounts, down to the amount to reimburse.
  "expense-report": { x: 24, y: 240, width: 776 },
  // The project's hours and budget, and who works on which deliverable.
  "project-board": { x: 26, y: 134, width: 780 },
  // The approved invoice with its lines and total.
  invoice: { x: 420, y: 236, width: 740 },
} as const satisfies Partial<Record<keyof typeof screens, Box>>;

/** The screens that have a wide-screen crop: the carousel's. */
export type FocusScreenName = keyof typeof focusBoxes;

const cropped = (svg: string, { x, y, width }: Box) =>
  svg.replace(
    `viewBox="0 0 ${screenWidth} ${screenHeight}"`,
    `viewBox="${x} ${y} ${width} ${(width * screenHeight) / screenWidth}"`,
  );

export const focuses = Object.fromEntries(
  Object.entries(focusBoxes).map(([name, box]) => [
    `${name}-focus`,
    () => cropped(screens[name as FocusScreenName](), box),
  ]),
) as Record<`${FocusScreenName}-focus`, () => string>;
