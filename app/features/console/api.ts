/**
 * The console's calls to its JSON API (server/console/routes.ts). Same-origin fetches: the
 * browser sends the session cookie (HttpOnly, SameSite=Strict) and the Origin and
 * Sec-Fetch-Site headers the server checks on every change.
 */
import { consoleApiPath } from "#common/console.ts";
import type { ConsoleAccount, SessionAnswer } from "#common/console-api.ts";

/** Who is signed in (GET /admin/api/session). */
export type Account = ConsoleAccount;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * A change the server refused because the session had ended: what it was, in words ("Mark as
 * Contacted for Ann"), and the request, so the console can offer it again after the sign-in.
 */
export interface PendingAction {
  intent: string;
  path: string;
  method: string;
  body: unknown;
}

/** Called with every 401, so the console shows the sign-in form again (with the change it refused, if any). */
let onSignedOut: (pending?: PendingAction) => void = () => {};
export const whenSignedOut = (handler: (pending?: PendingAction) => void) => void (onSignedOut = handler);

/** Who is signed in, once asked; forgotten on a 401, so the next loader asks again. */
let session: Promise<Account | undefined> | undefined;

/**
 * Who is signed in (GET /admin/api/session; none when the API cannot be reached): asked once for the
 * frame's loader and its section's together, then known until a sign-in, a sign-out or a 401.
 */
export const signedInAccount = (): Promise<Account | undefined> =>
  (session ??= api<SessionAnswer>("/session").then(
    (answer) => (answer.signedIn ? answer.account : undefined),
    () => undefined,
  ));

/** After a sign-in (the account) or a sign-out (none). */
export const rememberSession = (account: Account | undefined) => void (session = Promise.resolve(account));

/** A section's route loader: its data only when someone is signed in; signed out it asks nothing (the frame shows the sign-in page). */
export const ifSignedIn = async <T>(loader: () => Promise<T>): Promise<T | undefined> =>
  (await signedInAccount()) ? loader() : undefined;

/** `intent`: a change in words, offered again after a sign-in if the session ended under it. */
export async function api<T>(
  path: string,
  { method = "GET", body, intent }: { method?: string; body?: unknown; intent?: string } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${consoleApiPath}${path}`, {
      method,
      credentials: "same-origin",
      // A file (an image upload) goes as its own bytes; the server reads its type from them.
      headers:
        body === undefined
          ? {}
          : { "content-type": body instanceof Blob ? "application/octet-stream" : "application/json" },
      body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "The server cannot be reached. Check the connection and try again.");
  }
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    if (response.status === 401 && path !== "/session") {
      session = undefined;
      onSignedOut(intent && method !== "GET" ? { intent, path, method, body } : undefined);
    }
    throw new ApiError(
      response.status,
      typeof data.error === "string" ? data.error : `The server answered ${response.status}.`,
      data,
    );
  }
  return data as T;
}

/** A query string of the values that are set, for API calls and links. */
export function queryOf(values: Record<string, string | number | undefined>): string {
  const entries = Object.entries(values).filter(([, value]) => value !== undefined && value !== "");
  return entries.length ? `?${new URLSearchParams(entries.map(([key, value]) => [key, String(value)]))}` : "";
}

/** Saves a JSON answer as a file the browser downloads. */
export function download(name: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A section's data as its route's loader gives it: the answer, or what went wrong in words. */
export type Loaded<T> = { answer: T; error?: undefined } | { answer?: undefined; error: string };

/**
 * A GET for a section's route loader (app/routes/console-*.tsx). A failure is data, not a thrown
 * error: the section shows it in place, and a 401 has already sent the frame to the sign-in page.
 */
export async function load<T>(path: string): Promise<Loaded<T>> {
  try {
    return { answer: await api<T>(path) };
  } catch (caught) {
    return { error: (caught as ApiError).message };
  }
}
