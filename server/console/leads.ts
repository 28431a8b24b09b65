/** The inbox (owners only): a page of leads, their CRM CSV, one lead, and a change of its status, owner or notes. */
import type { FastifyInstance } from "fastify";
import { consoleApiPath } from "#common/console.ts";
import { leadChangeInput, leadQuery, pageSize } from "#common/console-input.ts";
import { leadStatusLabel, type LeadEvent, type LeadListAnswer } from "#common/lead-pipeline.ts";
import type { LeadOrigin, LeadTouch } from "#common/console-api.ts";
import { pagePathsByName } from "#common/page-names.ts";
import { attributionOfRow } from "../leads/attribution.ts";
import type { Touch } from "../measurement/visits.ts";
import { loadCspManifest } from "../security-headers.ts";
import { audit, inputFrom, owners } from "./access.ts";
import { leadCrmCsv, leadCsvFileName } from "./lead-csv.ts";

/** A question's start for the inbox row: one line of whitespace, at most `max` characters. */
export const previewOf = (details: string, max = 140) => {
  const line = details.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
};

/** What the audit log says of a change: never a note's words (they may be about the person). */
const changeDetail = (id: number, event: LeadEvent) =>
  event.kind === "status"
    ? `lead ${id}: status ${leadStatusLabel[event.previous as keyof typeof leadStatusLabel]} → ${leadStatusLabel[event.value as keyof typeof leadStatusLabel]}`
    : event.kind === "owner"
      ? `lead ${id}: owner ${event.value || "nobody"}`
      : `lead ${id}: note added`;

export async function leadRoutes(app: FastifyInstance) {
  const store = app.stores.console;
  // A lead's owner is an account that can see it: an owner-role account.
  const ownerAddresses = async () =>
    (await store.accounts()).filter((account) => account.role === "owner").map((account) => account.email);
  // The site's page paths (the build's), to write a landing page name as its path; none without a build.
  const pagePathOf = () => {
    try {
      return pagePathsByName(Object.keys(loadCspManifest(app.config.buildDir).pages));
    } catch {
      return pagePathsByName([]);
    }
  };
  const idOf = (params: unknown) => Number((params as { id: string }).id);

  app.get(`${consoleApiPath}/leads`, { preHandler: owners }, async (request) => {
    const { offset, ...filter } = inputFrom(leadQuery, request.query);
    const { leads, total } = await store.leads(filter, { limit: pageSize, offset });
    return {
      total,
      pageSize,
      leads: leads.map(
        ({ id, createdAt, name, email, subject, details, status, owner, changedAt, source, campaign }) => ({
          id,
          createdAt,
          name,
          email,
          subject,
          preview: previewOf(details),
          status,
          owner,
          changedAt,
          source,
          campaign,
        }),
      ),
      ...(await store.leadFacets()),
    } satisfies LeadListAnswer;
  });

  app.get(`${consoleApiPath}/leads.csv`, { preHandler: owners }, async (request, reply) => {
    const { offset: _, ...filter } = inputFrom(leadQuery, request.query);
    const { leads } = await store.leads(filter, { limit: 1_000_000, offset: 0 });
    await audit(request, "export", `leads CSV, ${leads.length} rows, filter ${JSON.stringify(filter)}`);
    const name = leadCsvFileName(filter, new Date().toISOString().slice(0, 10));
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${name}"`)
      .send(leadCrmCsv(leads, pagePathOf()));
  });

  app.get(`${consoleApiPath}/leads/:id`, { preHandler: owners }, async (request, reply) => {
    const lead = await store.lead(idOf(request.params));
    if (!lead) return reply.code(404).send({ error: "No such lead." });
    // The notification to sales, webhooks and the CRM post of this lead (outbox/).
    const { first, visit } = attributionOfRow(lead.fields as Parameters<typeof attributionOfRow>[0]);
    const pathOf = pagePathOf();
    const touchOf = (touch: Touch | null): LeadTouch | null =>
      touch && {
        source: touch.source,
        medium: touch.medium ?? null,
        campaign: touch.campaign,
        landingPath: pathOf(touch.landing),
      };
    return {
      lead,
      origin: { first: touchOf(first), visit: touchOf(visit) } satisfies LeadOrigin,
      deliveries: await app.stores.outbox.deliveries([`lead:${lead.id}`]),
      history: await store.leadHistory(lead.id),
      owners: await ownerAddresses(),
    };
  });

  // No webhook event: receivers hear of a lead when it comes and when it is erased (docs/mail-and-webhooks.md).
  app.post(`${consoleApiPath}/leads/:id`, { preHandler: owners }, async (request, reply) => {
    const id = idOf(request.params);
    const change = inputFrom(leadChangeInput, request.body);
    if (change.owner && !(await ownerAddresses()).includes(change.owner))
      return reply.code(400).send({ error: "The owner must be an owner account of the console." });
    if (!Number.isSafeInteger(id)) return reply.code(404).send({ error: "No such lead." });
    const changed = await store.changeLead(id, change, request.account!.email, new Date());
    if (!changed) return reply.code(404).send({ error: "No such lead." });
    for (const event of changed.events) await audit(request, "lead-changed", changeDetail(id, event));
    return { lead: changed.lead, history: await store.leadHistory(id) };
  });
}
