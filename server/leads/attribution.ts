/** A lead's or subscriber's attribution (measurement/visits.ts) as the columns both tables keep. */
import type { FastifyRequest } from "fastify";
import { isPersonalOrToken } from "#common/attribution.ts";
import { noAttribution, type LeadAttribution, type Touch } from "../measurement/visits.ts";
import { pickFields, requestFields } from "./wire-fields.ts";

/** The optional visitor id of the lead calls (COMMON contract): the measurement's uid, never sent under Do-Not-Track/GPC. */
const visitorIdField = "vid";

/** The lead call's `vid` as sent (validated by app.attribution.visitorId), if any. */
export const visitorIdOf = (request: FastifyRequest): unknown =>
  pickFields(requestFields(request), [visitorIdField])[visitorIdField];

export const attributionColumns = [
  "first_source",
  "first_campaign",
  "first_landing",
  "visit_source",
  "visit_campaign",
  "visit_landing",
  "first_medium",
  "visit_medium",
] as const;

type AttributionColumn = (typeof attributionColumns)[number];
type AttributionRow = Partial<Record<AttributionColumn, string | null>>;

/** The column values, in attributionColumns' order. */
export function attributionValues({ first, visit }: LeadAttribution = noAttribution): (string | null)[] {
  const of = (touch: Touch | null) => [touch?.source ?? null, touch?.campaign ?? null, touch?.landing ?? null];
  return [...of(first), ...of(visit), first?.medium ?? null, visit?.medium ?? null];
}

/** The columns of a row, by name. */
export const attributionFields = (attribution?: LeadAttribution) => {
  const values = attributionValues(attribution);
  return Object.fromEntries(attributionColumns.map((column, i) => [column, values[i]])) as Record<
    AttributionColumn,
    string | null
  >;
};

// Rows stored before ref and utm_* values with e-mail addresses or tokens were dropped may hold them.
const kept = (value: string | null | undefined) => (value && !isPersonalOrToken(value) ? value : null);

export function attributionOfRow(row: AttributionRow): LeadAttribution {
  const touch = (prefix: "first" | "visit"): Touch | null => {
    const source = kept(row[`${prefix}_source`]);
    const medium = kept(row[`${prefix}_medium`]);
    return source
      ? {
          source,
          campaign: kept(row[`${prefix}_campaign`]),
          landing: row[`${prefix}_landing`] ?? "",
          ...(medium ? { medium } : {}),
        }
      : null;
  };
  return { first: touch("first"), visit: touch("visit") };
}

/** "newsletter / autumn, landed on home", for the sales mail and the console. */
export const describeTouch = (touch: Touch | null) =>
  touch ? `${touch.source}${touch.campaign ? ` / ${touch.campaign}` : ""}, landed on ${touch.landing}` : "not recorded";
