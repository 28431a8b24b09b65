import { site } from "../lib/site";

export interface VideoProps {
  videoId: string;
  videoTitle: string;
  thumbHost?: string;
  thumbResolution?: string;
  thumbFile?: string;
  width?: number;
  height?: number;
}

/** A recorded demo: its thumbnail in a 16:9 box, linking to the video on the video service. */
export function Video({
  videoId,
  videoTitle,
  thumbHost = site.videoThumbHost,
  thumbResolution = "hq",
  thumbFile = "default.jpg",
  width = 640,
  height = 390,
}: VideoProps) {
  const watchUrl = `${site.videoWatchUrl}?v=${encodeURIComponent(videoId)}`;
  return (
    <figure className="w-full" style={{ maxWidth: width }}>
      <a href={watchUrl} className="group relative block aspect-video overflow-hidden rounded-2xl bg-brand-900" target="_blank" rel="noopener">
        <img
          src={`${thumbHost}/${videoId}/${thumbResolution}${thumbFile}`}
          alt=""
          width={width}
          height={height}
          loading="lazy"
          className="h-full w-full object-cover opacity-80"
        />
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/95 shadow-lg group-hover:scale-105">
            <svg viewBox="0 0 24 24" className="ml-1 h-7 w-7 text-brand-700" aria-hidden="true">
              <path d="M8 5v14l11-7z" fill="currentColor" />
            </svg>
          </span>
        </span>
        <span className="sr-only">Watch “{videoTitle}” on the video service (opens in a new tab)</span>
      </a>
      <figcaption className="mt-2 text-base text-muted">{videoTitle}</figcaption>
    </figure>
  );
}
