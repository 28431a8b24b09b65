import type { PosterName } from "#app/shared/artwork.ts";
import { site } from "#app/shared/site.ts";
import { videoIdOf } from "#common/video-ids.ts";

/** The recorded product tour on the home page (requirements §2: "watch the recorded demo video"). */
export const promoVideo = {
  videoId: videoIdOf(site, "tour"),
  videoTitle: "A five-minute tour: from timesheet to invoice",
  poster: "poster-tour",
} as const satisfies { videoId: string; videoTitle: string; poster: PosterName };
