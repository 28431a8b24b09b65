/**
 * The app's one error handler (the lead endpoints have their own): refused input is a 400 with its message,
 * Fastify's 4xx stay as Fastify answers them, anything else is a 5xx whose cause goes to the log only.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import { isInputRefused } from "./db/errors.ts";

export const serverErrorMessage = "Something went wrong on our side. Please try again later.";

export function answerErrorsWithoutDetails(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isInputRefused(error)) return reply.code(400).send({ error: error.message });
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    // Fastify's default handler answers its own 4xx errors.
    if (status < 500) return reply.send(error);
    request.log.error({ err: error, route: request.routeOptions.url }, "request failed");
    return reply.code(status).send({ error: serverErrorMessage });
  });
}
