/**
 * The shared drawing parts of the artwork: palette, type, primitives and the application
 * window, so every screen and poster looks like one application. Pure string builders.
 */
import { brandColors } from "#common/brand.ts";
import { escapeHtml } from "#common/html.ts";
import { interWidth } from "./inter.ts";

/** Canvas of every product screen: 4:3, so each spec width (1920, 1400, 540, 360) has a whole-pixel height. */
export const screenWidth = 1200;
export const screenHeight = 900;
/** Canvas of every video poster: 16:9 like the video frame, and as wide as a screen so both rasterise alike. */
export const posterWidth = screenWidth;
export const posterHeight = 675;

/** The brand font (the rasteriser draws it from Inter's outlines, art/outline.ts), then its fallbacks. */
export const font = "Inter, Arial, Helvetica, sans-serif";

/** The palette: brand tokens from common/brand.ts, plus the few status colours only the drawings use. */
export const c = {
  brand: brandColors.brand600,
  brandMid: brandColors.brand700,
  brandDeep: brandColors.brand800,
  brandDark: brandColors.brand900,
  brandSoft: brandColors.brand100,
  brandFaint: brandColors.brand50,
  accent: brandColors.accent600,
  accentSoft: brandColors.accent100,
  accentFaint: brandColors.accent50,
  ink: brandColors.ink,
  muted: brandColors.muted,
  line: brandColors.line,
  surface: brandColors.surface,
  faint: "#9aa3b2",
  white: "#ffffff",
  amber: "#f2b84b",
  amberSoft: "#fdf1d6",
  amberInk: "#7a5206",
  blue: "#2f5fb3",
  blueSoft: "#dbe7fb",
  green: "#2f7d4f",
  greenSoft: "#dcefe3",
  red: "#b3261e",
  redSoft: "#f9dedc",
  plum: "#8a3b8f",
  plumSoft: "#f1e1f2",
  teal: "#4c9a92",
} as const;

interface TextStyle {
  size?: number;
  weight?: 400 | 700;
  fill?: string;
  anchor?: "start" | "middle" | "end";
  /** Extra attributes, e.g. letter-spacing. */
  extra?: string;
}

export function text(
  x: number,
  y: number,
  value: string,
  { size = 16, weight = 400, fill = c.ink, anchor = "start", extra = "" }: TextStyle = {},
) {
  return `<text x="${x}" y="${y}" font-family="${font}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}"${extra ? ` ${extra}` : ""}>${escapeHtml(value)}</text>`;
}

/** Rendered width of a label in the brand font, to size pills and buttons around it. */
export const textWidth = (value: string, size: number, weight: 400 | 700 = 400) => interWidth(value, size, weight);

export const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = "") =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;

export const stroke = (color: string = c.line, width = 1) => `stroke="${color}" stroke-width="${width}"`;

/** A white panel with a hairline border: the card every screen is built from. */
export const panel = (x: number, y: number, w: number, h: number, rx = 14) => rect(x, y, w, h, c.white, rx, stroke());

/** A status pill sized to its label. Returns its width too, for laying out a row of them. */
export function pill(x: number, y: number, label: string, fill: string, color: string, size = 14): string {
  const w = pillWidth(label, size);
  const h = Math.round(size * 2.1);
  return (
    rect(x, y, w, h, fill, h / 2) +
    text(x + w / 2, y + h / 2 + size * 0.36, label, { size, weight: 700, fill: color, anchor: "middle" })
  );
}
export const pillWidth = (label: string, size = 14) => Math.round(textWidth(label, size, 700) + size * 2);

export function button(x: number, y: number, w: number, label: string, primary: boolean, size = 15) {
  const h = Math.round(size * 2.67);
  return (
    rect(x, y, w, h, primary ? c.brand : c.white, 8, primary ? "" : stroke(c.brand, 2)) +
    text(x + w / 2, y + h / 2 + size * 0.36, label, {
      size,
      weight: 700,
      fill: primary ? c.white : c.brand,
      anchor: "middle",
    })
  );
}

export const avatar = (cx: number, cy: number, initials: string, fill: string, r = 18) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>` +
  text(cx, cy + r * 0.28, initials, { size: Math.round(r * 0.72), weight: 700, fill: c.white, anchor: "middle" });

/** A ticked (or empty) checkbox with its top-left corner at x, y. */
export function checkbox(x: number, y: number, checked: boolean, size = 24) {
  const box = rect(x, y, size, size, checked ? c.brand : c.white, size / 4, checked ? "" : stroke(c.faint, 2));
  if (!checked) return box;
  const s = size / 24;
  return (
    box +
    `<path d="M${x + 5 * s} ${y + 12 * s}l${5 * s} ${5 * s} ${10 * s}-${11 * s}" fill="none" stroke="#fff" stroke-width="${3 * s}" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

/** A labelled form field: label above, value in a bordered box; `focus` draws the active field. */
export function field(
  x: number,
  y: number,
  w: number,
  label: string,
  value: string,
  { size = 16, focus = false, suffix = "" } = {},
) {
  const h = Math.round(size * 2.6);
  return (
    text(x, y, label, { size: Math.round(size * 0.82), weight: 700, fill: c.muted }) +
    rect(x, y + 10, w, h, c.white, 8, focus ? stroke(c.brand, 2.5) : stroke(c.line, 1.5)) +
    text(x + 14, y + 10 + h / 2 + size * 0.36, value, { size }) +
    (suffix
      ? text(x + w - 14, y + 10 + h / 2 + size * 0.36, suffix, {
          size: Math.round(size * 0.9),
          fill: c.muted,
          anchor: "end",
        })
      : "")
  );
}

/** A select field: a field with a chevron. */
export function select(x: number, y: number, w: number, label: string, value: string, size = 16) {
  const h = Math.round(size * 2.6);
  const cy = y + 10 + h / 2;
  return (
    field(x, y, w, label, value, { size }) +
    `<path d="M${x + w - 28} ${cy - 3}l6 6 6-6" fill="none" stroke="${c.muted}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

/** The company's mark (the logo's clock, 28 px) at the left of the CRM's header, where an org shows its own. */
const appMark = (x: number, y: number) =>
  rect(x, y, 28, 28, c.brand, 7) +
  `<circle cx="${x + 14}" cy="${y + 14}" r="8" fill="none" stroke="#fff" stroke-width="2.5"/><path d="M${x + 14} ${y + 8.5}V${y + 14}l3.5 2.5" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>`;

/** Navigation of the application, as its tabs. */
const navigation = [
  "Home",
  "Projects",
  "Resources",
  "Timesheets",
  "Expenses",
  "Billing",
  "Time Off",
  "Payroll",
] as const;
export type Module = (typeof navigation)[number];

/** The CRM's app launcher: a 3 × 3 grid of dots, as every app of the platform is opened from. */
const appLauncher = (x: number, y: number) =>
  [0, 1, 2]
    .flatMap((row) =>
      [0, 1, 2].map((col) => `<circle cx="${x + col * 7}" cy="${y + row * 7}" r="2.2" fill="${c.muted}"/>`),
    )
    .join("");

/**
 * The application window every screen sits in, at 40, 40 on the 1200 × 900 screen canvas: the app as
 * it lives in the CRM (issue #34 point 3), in two bars. The CRM's global header (the company's mark,
 * the search, the signed-in user), then the app's bar: the launcher, the app's name and its tabs, the
 * active one underlined (none on a CRM record). No platform logo or trademark. The body is drawn in
 * the same coordinates, from y = 118. Needs the `defs` of `svgDocument`.
 */
export function appWindow(active: Module | null, body: string): string {
  let x = 270;
  const tabs = navigation
    .map((label) => {
      const current = label === active;
      const width = Math.round(textWidth(label, 15, current ? 700 : 400));
      const tab = current
        ? text(x, 104, label, { size: 15, weight: 700, fill: c.brandMid }) + rect(x - 8, 114, width + 16, 4, c.brand, 2)
        : text(x, 104, label, { size: 15, fill: c.ink });
      x += width + 28;
      return tab;
    })
    .join("");
  return `${rect(40, 40, 1120, 820, c.white, 20, 'filter="url(#shadow)"')}
<g clip-path="url(#window)">
${rect(40, 40, 1120, 40, c.brandFaint)}
${appMark(60, 46)}
${rect(420, 48, 360, 24, c.white, 12, stroke(c.line, 1.5))}
<circle cx="440" cy="59" r="5.5" fill="none" stroke="${c.faint}" stroke-width="2"/><path d="M444 63l4 4" stroke="${c.faint}" stroke-width="2" stroke-linecap="round"/>
${text(458, 65, "Search", { size: 14, fill: c.faint })}
<circle cx="1064" cy="60" r="9" fill="none" stroke="${c.muted}" stroke-width="2"/>${text(1064, 65, "?", { size: 13, weight: 700, fill: c.muted, anchor: "middle" })}
${avatar(1114, 60, "AM", c.accent, 16)}
${rect(40, 80, 1120, 38, c.white)}
${rect(40, 117, 1120, 1, c.line)}
${appLauncher(62, 92)}
${text(94, 104, "Time + Expense", { size: 16, weight: 700 })}
${rect(252, 88, 1, 22, c.line)}
${tabs}
${rect(40, 118, 1120, 742, c.surface)}
${body}
</g>`;
}

/** The page title and subtitle at the top of a screen's body. */
export function heading(title: string, subtitle: string) {
  return text(80, 178, title, { size: 30, weight: 700 }) + text(80, 208, subtitle, { size: 16, fill: c.muted });
}

/**
 * A complete SVG document of the given size, with the shared definitions: the window's
 * shadow and clip, and the softer shadow of a floating card.
 */
export function svgDocument(width: number, height: number, content: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><filter id="shadow" x="-10%" y="-10%" width="120%" height="125%"><feDropShadow dx="0" dy="18" stdDeviation="22" flood-color="#0b2a3a" flood-opacity="0.22"/></filter>
<filter id="lift" x="-15%" y="-15%" width="130%" height="140%"><feDropShadow dx="0" dy="14" stdDeviation="16" flood-color="#03201d" flood-opacity="0.35"/></filter>
<clipPath id="window"><rect x="40" y="40" width="1120" height="820" rx="20"/></clipPath></defs>
${content}
</svg>
`;
}

/** A whole product screen: a window (`appWindow`) on the 4:3 screen canvas. */
export const screen = (window: string) => svgDocument(screenWidth, screenHeight, window);
