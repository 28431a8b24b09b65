/**
 * The one way a lead endpoint handles a request: strict wire fields, the honeypot, the shared
 * schema, then the endpoint's own `accept`. Scripts get `{message}` or `{error}`; a form posted
 * without JavaScript a 303 to its result page, or the form again with what to fix.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as v from "valibot";
import { withoutUnstorable } from "#common/storable-text.ts";
import { fieldErrors, honeypotField } from "#common/validation.ts";
import { leadRateLimit } from "./guards.ts";
import {
  challengeRequiredErrors,
  challengeRequiredPage,
  formErrorPage,
  formPaths,
  page,
  pageHeaders,
  type LeadForm,
  type Page,
} from "./pages.ts";
import { isFormPost, malformedEscapeError, pickFields, requestFields } from "./wire-fields.ts";

/** What storing a valid request gives: success, an error (400), or a challenge to solve first (429). */
type LeadOutcome = { message: string } | { error: string } | { challenge: string };

interface LeadEndpoint<S extends v.GenericSchema> {
  form: LeadForm;
  /** For the log: "contact", "mailing list". */
  name: string;
  /** The spec's wire names; anything else in a request is ignored. */
  fieldNames: readonly string[];
  schema: S;
  /** What a bot that filled the honeypot is told (the success message): it must not learn it was caught. */
  success: string;
  /** The result page a successful form post is sent to. */
  sentPage: Page;
  accept(input: v.InferOutput<S>, request: FastifyRequest): Promise<LeadOutcome>;
}

/** Sends one of pages.ts's pages with the pages' own headers. */
export function sendPage(app: FastifyInstance, reply: FastifyReply, { status, title, body, mark }: Page): FastifyReply {
  return reply
    .code(status)
    .headers(pageHeaders(app.config.site))
    .type("text/html; charset=utf-8")
    .send(page(app.config.site, title, body, mark));
}

/** The form of `form` again, with what the request sent (when its body could be read) and the error on top. */
export function sendFormError(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  form: LeadForm,
  status: number,
  error: string,
  errors: Record<string, string> = {},
): FastifyReply {
  // The body is there unless it was the problem (too large, unreadable) or never read (429). A
  // character that was refused (NUL) is not written back into the page.
  const body = request.body && typeof request.body === "object" ? (request.body as Record<string, unknown>) : {};
  const values = Object.fromEntries(
    Object.entries(body).map(([name, value]) => [name, typeof value === "string" ? withoutUnstorable(value) : value]),
  );
  return sendPage(app, reply, formErrorPage(form, status, error, values, errors));
}

export function leadEndpoint<S extends v.GenericSchema>(app: FastifyInstance, endpoint: LeadEndpoint<S>): void {
  const url = formPaths[endpoint.form].action;
  app.route({
    method: ["GET", "POST"],
    url,
    // HEAD does not run this handler (answeredWith405 below): one route, one rate-limit bucket.
    exposeHeadRoute: false,
    config: { rateLimit: leadRateLimit(app.config) },
    handler: async (request, reply) => {
      const formPost = isFormPost(request);
      const fail = (error: string, errors: Record<string, string> = {}) =>
        formPost
          ? sendFormError(app, request, reply, endpoint.form, 400, error, errors)
          : reply.code(400).send({ error });
      const succeed = (message: string) =>
        formPost ? reply.redirect(formPaths[endpoint.form].sent, 303) : reply.send({ message });

      const raw = requestFields(request);
      if (raw === undefined) return fail(malformedEscapeError);
      const fields = pickFields(raw, [...endpoint.fieldNames, honeypotField]);
      if (typeof fields[honeypotField] === "string" && fields[honeypotField] !== "") {
        request.log.info(`${endpoint.name}: honeypot filled, nothing stored`);
        return succeed(endpoint.success);
      }
      const result = v.safeParse(endpoint.schema, fields);
      if (!result.success) return fail(result.issues[0].message, fieldErrors(endpoint.schema, fields));
      const outcome = await endpoint.accept(result.output, request);
      if ("challenge" in outcome)
        return formPost
          ? sendPage(app, reply, challengeRequiredPage(app.config.site, endpoint.form, fields))
          : reply
              .code(429)
              .header("cache-control", "no-store")
              .send({ error: challengeRequiredErrors[endpoint.form], challenge: outcome.challenge });
      return "error" in outcome ? fail(outcome.error) : succeed(outcome.message);
    },
  });
  answerHeadWith405(app, url);
  // Where a form post is sent after success (Post/Redirect/Get: a reload does not send it again).
  app.get(formPaths[endpoint.form].sent, async (_request, reply) => sendPage(app, reply, endpoint.sentPage));
}

/** HEAD would run a GET's side effects under a rate-limit bucket of its own: answered 405. */
export function answerHeadWith405(app: FastifyInstance, url: string): void {
  app.head(url, async (_request, reply) =>
    reply.code(405).header("allow", "GET, POST").send({ error: "Method not allowed" }),
  );
}
