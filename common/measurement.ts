/**
 * The wire format of the first-party analytics collector (POST /api/collect) and the RUM
 * pixel's parameters: one schema for the browser (types only, no bytes) and the server
 * (validation). Page names are the path-safe route names of app/features/measurement/rum.ts ("home",
 * "features-billing").
 */
import * as v from "valibot";
import { campaignParams, cleanLandingSource, maxHostLength, maxCampaignLength } from "./attribution.ts";
import { vitalNames } from "./web-vitals.ts";

export const maxBatchEvents = 50;
export const maxBatchBytes = 64 * 1024;

export const pageNamePattern = /^[a-z0-9][a-z0-9-]{0,99}$/;
export const visitorIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const uid = v.pipe(v.string(), v.regex(visitorIdPattern, "uid must be a UUID"));
const page = v.pipe(v.string(), v.regex(pageNamePattern, "page must be a page name"));
/**
 * Control characters (C0, DEL, C1) and bidirectional overrides in free text are refused: stored,
 * they came out raw in the usage report and could rewrite an operator's terminal.
 */
export const controlCharacters = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
const noControl = v.check(
  (value: string) => !controlCharacters.test(value),
  "text must not contain control characters",
);
const text = (max: number) => v.pipe(v.string(), v.maxLength(max), noControl);

/**
 * A visit's landing page view carries where it came from (common/attribution.ts): refused only
 * when not strings or far too long; control characters are stripped, not refused.
 */
const sourceSchema = v.pipe(
  v.object({
    referrer: v.optional(v.pipe(v.string(), v.maxLength(maxHostLength))),
    ...Object.fromEntries(
      campaignParams.map((name) => [name, v.optional(v.pipe(v.string(), v.maxLength(maxCampaignLength * 4)))]),
    ),
  }),
  v.transform(cleanLandingSource),
);
const pageViewSchema = v.object({
  type: v.literal("pageview"),
  uid,
  page,
  title: v.optional(text(300)),
  source: v.optional(sourceSchema),
});
const eventSchema = v.object({
  type: v.literal("event"),
  uid,
  page,
  category: v.pipe(v.string(), v.minLength(1), v.maxLength(100), noControl),
  action: v.pipe(v.string(), v.minLength(1), v.maxLength(100), noControl),
  label: v.optional(text(300)),
  value: v.optional(v.pipe(v.number(), v.finite())),
});
const vitalSchema = v.object({
  type: v.literal("vital"),
  uid,
  page,
  name: v.picklist(vitalNames),
  value: v.pipe(v.number(), v.finite(), v.minValue(0)),
  rating: v.picklist(["good", "needs-improvement", "poor"]),
});

export const collectedSchema = v.variant("type", [pageViewSchema, eventSchema, vitalSchema]);
export const batchSchema = v.object({
  events: v.pipe(
    v.array(collectedSchema),
    v.minLength(1, "a batch has at least one event"),
    v.maxLength(maxBatchEvents, `a batch has at most ${maxBatchEvents} events`),
  ),
});

export type Collected = v.InferOutput<typeof collectedSchema>;
