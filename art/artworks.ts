/**
 * The single registry of the site's artwork: every product screen (screens.ts, 4:3), its
 * detail for phones (details.ts, 4:3), the carousel's wide-screen crops (focus.ts, 4:3), the feature pages' claim pictures (claims.ts, 4:3) every video poster (posters.ts, 16:9)
 * and its phone composition (poster-phones.ts), by name. The name is the file name of the
 * rasterised variants; art/manifest.ts hashes each entry and scripts/build-images.ts
 * encodes each one, so adding an entry here is all it takes to ship a new image.
 */
import { artworkAspect, type Aspect } from "#common/art.ts";
import { claims } from "./claims.ts";
import { details } from "./details.ts";
import { focuses } from "./focus.ts";
import { posterPhones } from "./poster-phones.ts";
import { posters } from "./posters.ts";
import { screens } from "./screens.ts";

export const artworks = {
  ...screens,
  ...details,
  ...focuses,
  ...claims,
  ...posters,
  ...posterPhones,
} as const satisfies Record<string, () => string>;

export type ArtworkName = keyof typeof artworks;
export type ScreenName = keyof typeof screens;
export type PosterName = keyof typeof posters;
export type DetailName = keyof typeof details;
export type ClaimName = keyof typeof claims;
export type { FocusScreenName } from "./focus.ts";
export type { PosterPhoneName } from "./poster-phones.ts";

export const screenNames = Object.keys(screens) as ScreenName[];
export const posterNames = Object.keys(posters) as PosterName[];
export const artworkNames = Object.keys(artworks) as ArtworkName[];

/** The shape of an artwork's canvas: 4:3 for a screen, 16:9 for a poster (told apart by name, see common/art.ts). All canvases are 1200 wide. */
export const aspectOf = (name: ArtworkName): Aspect => artworkAspect(name);

/** Canvas width of every artwork (screens and posters alike): the build rasterises at 1920 / 1200 density. */
export { screenWidth as canvasWidth } from "./parts.ts";
