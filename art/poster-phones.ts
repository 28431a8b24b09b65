/**
 * A phone composition of each video poster (`poster-<name>-phone`), shown instead of the poster below 640 px,
 * where the poster's labels would be 2–4 px. Same brand look and 16:9 frame, drawn on a 400 × 225 view: the
 * video's moment as a white card in large type (no text under `posterPhoneMinimumSize` units, so 11 CSS px or
 * more at 286 px wide, the narrowest a page shows a poster at 320), the window behind it as shapes without
 * text. The player's play button sits in the middle and its gradient darkens the bottom, so the cards keep to
 * the sides of the upper two thirds. A phone poster is served under its poster's hash (art/manifest.ts).
 */
import { c, rect, svgDocument, text, textWidth } from "./parts.ts";
import type { posters } from "./posters.ts";

export const posterPhoneWidth = 400;
export const posterPhoneHeight = 225;
export const posterPhoneMinimumSize = 16;

/** A card's width, and its inner margin: cards sit either side of the play button (x 161–239 at 286 px wide). */
const cardWidth = 144;
const pad = 14;
// High and short: the player's gradient darkens the frame from the bottom.
const cardTop = 12;
const cardHeight = 110;
const cardX = { left: 12, right: posterPhoneWidth - 12 - cardWidth } as const;
type Side = keyof typeof cardX;

interface Moment {
  /** A short title in bold, with a tick, a dot or nothing before it. */
  title: string;
  mark?: "tick" | "dot";
  /** The figure the video is about, as large as fits. */
  figure: string;
  /** One line under it; a pill when `pill` is set. */
  detail: string;
  pill?: boolean;
}

/** The largest size (at most 34, at least the minimum) at which the label fits the card's inner width. */
export function fittedSize(label: string, max = 34, weight: 400 | 700 = 700) {
  let size = max;
  while (size > posterPhoneMinimumSize && textWidth(label, size, weight) > cardWidth - 2 * pad) size--;
  return size;
}

function momentCard(side: Side, { title, mark, figure, detail, pill }: Moment) {
  const x = cardX[side];
  const y = cardTop;
  let art = rect(x, y, cardWidth, cardHeight, c.white, 12, 'filter="url(#phone-lift)"');
  let titleX = x + pad;
  if (mark === "tick") {
    art += `<circle cx="${x + pad + 9}" cy="${y + 23}" r="9" fill="${c.greenSoft}"/><path d="M${x + pad + 5} ${y + 23}l3 3 5.5-6" fill="none" stroke="${c.green}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`;
    titleX += 24;
  } else if (mark === "dot") {
    art += `<circle cx="${x + pad + 5}" cy="${y + 23}" r="5" fill="${c.accent}"/>`;
    titleX += 16;
  }
  art += text(titleX, y + 29, title, { size: 16, weight: 700, fill: mark === "dot" ? c.accent : c.ink });
  art += text(x + pad, y + 66, figure, { size: fittedSize(figure), weight: 700, fill: c.brandDark });
  if (pill) {
    const w = Math.round(textWidth(detail, 16, 700) + 20);
    art +=
      rect(x + pad, y + 76, w, 24, c.greenSoft, 12) +
      text(x + pad + w / 2, y + 93, detail, { size: 16, weight: 700, fill: c.green, anchor: "middle" });
  } else art += text(x + pad, y + 94, detail, { size: 16, fill: c.muted });
  return art;
}

/** The application window behind the card, on the other side: its bars and rows as shapes, no labels. */
function windowShapes(side: Side) {
  const x = side === "left" ? -40 : 236;
  let art = rect(x, 20, 204, 230, c.white, 10, 'opacity="0.96"');
  art += rect(x, 20, 204, 16, c.brandFaint) + rect(x, 36, 204, 12, c.white) + rect(x, 47, 204, 1, c.line);
  const inset = side === "left" ? 52 : 12;
  art += rect(x + inset, 23, 10, 10, c.brand, 3) + rect(x + inset + 16, 26, 36, 4, c.faint, 2);
  art += rect(x + inset + 80, 44, 28, 3, c.brand, 1.5);
  art += rect(x, 48, 204, 202, c.surface);
  art += rect(x + inset, 56, 70, 8, c.ink, 4, 'opacity="0.55"');
  for (let i = 0; i < 5; i++) {
    const ry = 74 + i * 26;
    art += rect(x + 8, ry, 188, 20, c.white, 4, `stroke="${c.line}" stroke-width="0.75"`);
    art += rect(x + (side === "left" ? 52 : 16), ry + 8, 34 + ((i * 17) % 30), 4, c.faint, 2);
    art += rect(x + (side === "left" ? 124 : 110), ry + 7, 22, 6, i % 2 ? c.brandSoft : c.brand, 3);
  }
  return art;
}

const backdrop =
  `<linearGradient id="phone-backdrop" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.brandDeep}"/><stop offset="1" stop-color="${c.brandDark}"/></linearGradient>` +
  rect(0, 0, posterPhoneWidth, posterPhoneHeight, "url(#phone-backdrop)") +
  `<circle cx="360" cy="30" r="88" fill="${c.brandMid}" opacity="0.35"/><circle cx="30" cy="214" r="66" fill="${c.brandMid}" opacity="0.25"/>`;

/** One moment on one side and the window on the other, or two moments. */
function phonePoster(left: Moment | null, right: Moment | null) {
  let art = backdrop;
  if (!left) art += windowShapes("left");
  if (!right) art += windowShapes("right");
  // A dim veil over the window, so the card reads as the subject.
  if (!left || !right) art += rect(0, 0, posterPhoneWidth, posterPhoneHeight, c.brandDark, 0, 'opacity="0.18"');
  if (left) art += momentCard("left", left);
  if (right) art += momentCard("right", right);
  // The rasteriser draws 1200 × 675 (the posters' size); the view is the phone's 400 × 225.
  return svgDocument(1200, 675, art)
    .replace(`viewBox="0 0 1200 675"`, `viewBox="0 0 ${posterPhoneWidth} ${posterPhoneHeight}"`)
    .replace(
      "</defs>",
      `<filter id="phone-lift" x="-15%" y="-15%" width="130%" height="140%"><feDropShadow dx="0" dy="5" stdDeviation="6" flood-color="#03201d" flood-opacity="0.35"/></filter></defs>`,
    );
}

export const posterPhoneDrawings = {
  "poster-tour": () =>
    phonePoster(
      { title: "Approved", mark: "tick", figure: "40.00 h", detail: "Alex Morgan" },
      { title: "Invoice sent", mark: "tick", figure: "9,312.60", detail: "USD · INV-2041" },
    ),
  "poster-timesheet": () => phonePoster(null, { title: "Thu · Acme", figure: "3.5 h", detail: "= 3 h 30 min" }),
  "poster-timer": () =>
    phonePoster(null, { title: "Running", mark: "dot", figure: "01:24:36", detail: "Acme Rollout" }),
  "poster-new-entry": () =>
    phonePoster(
      { title: "Time saved", mark: "tick", figure: "2.50 h", detail: "Northwind" },
      { title: "New expense", figure: "86.40", detail: "USD · receipt" },
    ),
  "poster-allocation": () =>
    phonePoster(null, { title: "Jordan Lee", figure: "20 h/wk", detail: "Fits capacity", pill: true }),
  "poster-classic-timesheet": () =>
    phonePoster(null, { title: "Activity", figure: "Training", detail: "Acme · line 2" }),
  "poster-classic-case": () => phonePoster({ title: "Capture Time", figure: "1.25 h", detail: "Case work" }, null),
  "poster-classic-mobile": () =>
    phonePoster(
      { title: "Log time", figure: "1:30", detail: "= 1.5 h" },
      { title: "Check in", mark: "tick", figure: "08:52", detail: "Acme, Plant 2" },
    ),
  "poster-classic-submit": () =>
    phonePoster(null, { title: "Submit week", figure: "40.00 h", detail: "To Priya Shah" }),
} as const satisfies Record<keyof typeof posters, () => string>;

export type PosterPhoneName = `${keyof typeof posters}-phone`;

export const posterPhones = Object.fromEntries(
  Object.entries(posterPhoneDrawings).map(([poster, draw]) => [`${poster}-phone`, draw]),
) as Record<PosterPhoneName, () => string>;
