/**
 * Solves the server's proof-of-work challenge (server/leads/challenge.ts) in the browser: tries
 * numbers from 0 until SHA-256(salt + number) is the challenge, with the browser's own
 * crypto.subtle, a slice at a time so the page stays responsive. Loaded only when a sign-up
 * is challenged (app/features/leads/leads.ts imports it dynamically): no page pays for it up
 * front. In common/ because the server's tests solve with it too, as a browser would.
 */

export interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** Numbers tried between two yields to the page (a few milliseconds of work). */
const sliceSize = 500;
const encoder = new TextEncoder();
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
  let hex = "";
  for (const byte of digest) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/** The number that solves `challenge`, or undefined when none up to maxnumber does. */
export async function solveChallenge(challenge: Challenge, signal?: AbortSignal): Promise<number | undefined> {
  if (challenge.algorithm !== "SHA-256") return undefined;
  for (let start = 0; start <= challenge.maxnumber; start += sliceSize) {
    signal?.throwIfAborted();
    const end = Math.min(start + sliceSize - 1, challenge.maxnumber);
    // A slice's digests run side by side; the first match in the slice is the answer.
    const numbers = Array.from({ length: end - start + 1 }, (_, i) => start + i);
    const hashes = await Promise.all(numbers.map((n) => sha256Hex(`${challenge.salt}${n}`)));
    const at = hashes.indexOf(challenge.challenge);
    if (at >= 0) return numbers[at];
    await yieldToPage();
  }
  return undefined;
}

/** What the server expects back in the `challenge` field: base64 of the solution's JSON. */
export const solutionPayload = ({ algorithm, challenge, salt, signature }: Challenge, number: number) =>
  btoa(JSON.stringify({ algorithm, challenge, number, salt, signature }));

/** Fetches a challenge from `url`, solves it and gives the payload to send; throws when that fails. */
export async function fetchAndSolve(url: string, fetchImpl?: typeof fetch): Promise<string> {
  const response = await (fetchImpl ?? globalThis.fetch)(url, { cache: "no-store" });
  if (!response.ok) throw new Error(`challenge: ${response.status}`);
  const challenge = (await response.json()) as Challenge;
  const number = await solveChallenge(challenge);
  if (number === undefined) throw new Error("challenge: no solution");
  return solutionPayload(challenge, number);
}
