/**
 * The design tokens that leave CSS: the brand colours and the logo, for everything drawn
 * outside the stylesheet (favicon, social image, web manifest, artwork, server pages, PDF).
 * app/app.css holds the same colours as Tailwind theme tokens; common/brand.test.ts keeps
 * the two in step.
 */
export const brandColors = {
  brand50: "#eef6f5",
  brand100: "#d3e9e6",
  brand600: "#0d6e66",
  brand700: "#0a5a53",
  brand800: "#08453f",
  brand900: "#062f2b",
  accent50: "#fdf4ee",
  accent100: "#fbe3d3",
  accent600: "#b4400a",
  accent700: "#973508",
  cta50: "#fdf4ee",
  cta600: "#b4400a",
  cta700: "#973508",
  danger50: "#fef2f2",
  danger600: "#b91c1c",
  danger700: "#991b1b",
  focus: "#2f6fde",
  ink: "#1b2330",
  muted: "#4b5565",
  line: "#e3e7ed",
  surface: "#f7f9fb",
} as const;

/** The logo's warm tick, lighter than accent600 so it reads on the brand tile (and on brand900). */
export const logoTick = "#f59e6b";

/** The brand mark (a clock face inside a tally stroke) on its 32×32 grid, as SVG elements. */
export const logoMarkSvg =
  `<rect width="32" height="32" rx="8" fill="${brandColors.brand600}"/>` +
  `<circle cx="16" cy="16" r="9" fill="none" stroke="#fff" stroke-width="2.5"/>` +
  `<path d="M16 10.5V16l4 2.5" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>` +
  `<path d="M24.5 6.5 27 4" stroke="${logoTick}" stroke-width="2.5" stroke-linecap="round"/>`;

/** The logo as a standalone SVG file (favicon, web manifest icon). */
export const logoSvgFile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${logoMarkSvg}</svg>`;
