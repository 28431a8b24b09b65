/**
 * What bench/outbox.ts and bench/webhooks.ts share: the SMTP sink in a process of its own
 * (smtp-sink.ts) with the arrivals it reports, the confirmation mail a flood is made of, and a
 * wait for a condition.
 */
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { OutgoingMail } from "../../server/outbox/mail.ts";

export interface Arrival {
  to: string;
  messageId: string;
  /** Date.now() when the sink accepted it. */
  at: number;
}

export async function startSmtpSink() {
  const child: ChildProcess = fork(path.join(import.meta.dirname, "smtp-sink.ts"), { stdio: "inherit" });
  const arrivals: Arrival[] = [];
  const port = await new Promise<number>((resolve) =>
    child.on("message", (message: { port?: number; received?: Arrival[] }) => {
      if (message.port) resolve(message.port);
      if (message.received) arrivals.push(...message.received);
    }),
  );
  return { port, arrivals, close: () => child.disconnect() };
}

/** The n-th confirmation mail of a flood of sign-ups. */
export const confirmationMail = (n: number): OutgoingMail => ({
  to: `visitor${n}@example.com`,
  subject: "Please confirm your subscription to the Tallyway newsletter",
  text: `Hello,\n\nPlease confirm: https://www.tallyway.example/mailingList/confirm?token=${n}.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n`,
  html: `<p>Hello,</p><p><a href="https://www.tallyway.example/mailingList/confirm?token=${n}">Confirm my subscription</a></p>`,
  headers: { "List-Unsubscribe": `<https://www.tallyway.example/mailingList/unsubscribe?token=${n}>` },
});

export async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
