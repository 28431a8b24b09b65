/**
 * The ids of the recorded videos at the video service. The defaults are placeholders the service
 * does not know (issue #34: they open an "unavailable" player); the real ones come from the
 * VIDEO_IDS setting (`tour=abc123,timesheet=def456`), so a launch needs no code change, and
 * `npm run launch-check` names every one still at its placeholder. Pure: app, build and server.
 */
export const placeholderVideoIds = {
  tour: "tw-tour-01",
  timesheet: "tw-timesheet-01",
  timer: "tw-timer-01",
  "new-te": "tw-new-te-01",
  allocation: "tw-allocation-01",
  "classic-timesheet": "tw-classic-timesheet",
  "classic-case": "tw-classic-case",
  "classic-mobile": "tw-classic-mobile",
  "classic-submit": "tw-classic-submit",
} as const;

export type VideoName = keyof typeof placeholderVideoIds;
export const videoNames = Object.keys(placeholderVideoIds) as VideoName[];

const pair = /^([a-z-]+)=([A-Za-z0-9_-]{1,64})$/;

/** VIDEO_IDS read as name → id; a problem (unknown name, malformed pair) as a message, for the settings check. */
export function parseVideoIds(text: string): { ids: Partial<Record<VideoName, string>>; problem?: string } {
  const ids: Partial<Record<VideoName, string>> = {};
  for (const part of text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = pair.exec(part);
    if (!match) return { ids, problem: `"${part}" is not name=id (an id is 1-64 letters, digits, '-' or '_')` };
    if (!Object.hasOwn(placeholderVideoIds, match[1]))
      return { ids, problem: `"${match[1]}" is not a video; the videos are ${videoNames.join(", ")}` };
    ids[match[1] as VideoName] = match[2];
  }
  return { ids };
}

/** The id of one video: its VIDEO_IDS entry, else its placeholder. */
export const videoIdOf = (site: { videoIds: string }, name: VideoName): string =>
  parseVideoIds(site.videoIds).ids[name] ?? placeholderVideoIds[name];

/** Every video's id for these settings (baked into the browser bundle at build: vite.config.ts). */
export const resolvedVideoIds = (site: { videoIds: string }): Record<VideoName, string> =>
  Object.fromEntries(videoNames.map((name) => [name, videoIdOf(site, name)])) as Record<VideoName, string>;
