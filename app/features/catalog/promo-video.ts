import type { PosterName } from "#app/shared/artwork.ts";
import { videoIds } from "#app/shared/video-ids.ts";

/** The recorded product tour on the home page (requirements §2: "watch the recorded demo video"). */
export const promoVideo = {
  videoId: videoIds.tour,
  videoTitle: "A five-minute tour: from timesheet to invoice",
  poster: "poster-tour",
} as const satisfies { videoId: string; videoTitle: string; poster: PosterName };
