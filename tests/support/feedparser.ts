/**
 * Reads an Atom feed with Python's feedparser (Debian's python3-feedparser), a validator we did not
 * write, for the tests: its bozo flag and what it understood. Fails loudly when it is not installed.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const python = "/usr/bin/python3";
const script = `
import json, sys, feedparser
d = feedparser.parse(sys.stdin.buffer.read())
print(json.dumps({
  "bozo": d.bozo, "error": str(d.get("bozo_exception", "")), "version": d.version,
  "title": d.feed.get("title"), "link": d.feed.get("link"), "updated": d.feed.get("updated"),
  "entries": [{"title": e.get("title"), "link": e.get("link"), "id": e.get("id"), "published": e.get("published"),
               "author": e.get("author"), "summary": e.get("summary"), "tags": [t["term"] for t in e.get("tags", [])],
               "content": (e.get("content") or [{}])[0].get("value"),
               "thumbnails": e.get("media_thumbnail", [])} for e in d.entries],
}))
`;

export interface ParsedFeed {
  bozo: boolean | number;
  error: string;
  version: string;
  title: string;
  link: string;
  updated: string;
  entries: {
    title: string;
    link: string;
    id: string;
    published: string;
    author: string;
    summary: string;
    tags: string[];
    content: string;
    /** Media RSS thumbnails (media:thumbnail), as feedparser reads them: url, width and height as text. */
    thumbnails: Record<string, string>[];
  }[];
}

export function parseFeed(xml: string): ParsedFeed {
  if (!existsSync(python))
    throw new Error(
      `${python} is missing: install python3 and python3-feedparser (apt-get install python3-feedparser)`,
    );
  try {
    return JSON.parse(execFileSync(python, ["-c", script], { input: xml, encoding: "utf8" })) as ParsedFeed;
  } catch (error) {
    throw new Error(`feedparser could not run (apt-get install python3-feedparser): ${(error as Error).message}`, {
      cause: error,
    });
  }
}
