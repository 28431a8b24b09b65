/**
 * The recorded videos' ids, resolved from VIDEO_IDS at build time (common/video-ids.ts, baked in
 * by vite.config.ts), so the browser carries the ids and not the parser of the setting.
 */
import type { VideoName } from "#common/video-ids.ts";

declare const __VIDEO_IDS__: Record<VideoName, string>;

export const videoIds: Readonly<Record<VideoName, string>> = __VIDEO_IDS__;
