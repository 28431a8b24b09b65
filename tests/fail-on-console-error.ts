/**
 * Setup of the app/ and common/ unit tests: a test that makes anything call console.error
 * (React's warnings among them) fails, with the message, after it has run.
 */
import { format } from "node:util";
import { afterEach, beforeEach } from "vitest";

const consoleError = console.error;
let errors: string[] = [];

beforeEach(() => {
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(format(...args));
    consoleError(...args);
  };
});

afterEach(() => {
  console.error = consoleError;
  if (errors.length) throw new Error(`console.error was called during the test:\n${errors.join("\n")}`);
});
