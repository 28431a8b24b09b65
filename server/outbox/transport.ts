/** Where outgoing mail goes: SMTP_URL through nodemailer or, with none, one .eml file per mail under DATA_DIR/mail. */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pipeline, Transform } from "node:stream";
import nodemailer, { type SendMailOptions, type Transporter } from "nodemailer";
import { dkimSigningStream, type DkimKey } from "./dkim.ts";
import type { MailTransport } from "./mail.ts";

/**
 * How long an SMTP server may stay silent (ms) before a send is retried later: nodemailer's defaults
 * (2 min, 30 s, 10 min) let a server that never answers hold a connection for minutes. SMTP_URL's
 * query parameters override them (…?greetingTimeout=10000).
 */
export const smtpTimeouts = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

/** Signs every mail the transporter builds (dkim.ts), after nodemailer has built it and before it is sent or written. */
function signWith(transporter: Transporter, dkim?: DkimKey): Transporter {
  if (dkim)
    transporter.use("stream", (mail, done) => {
      mail.message.processFunc((input) => dkimSigningStream(input, dkim));
      done();
    });
  return transporter;
}

/**
 * Holds a mail's end for its `beforeEnd`: nodemailer writes the end of data (the lone dot) only when
 * this stream ends, so until then the server holds an unfinished mail it discards if the connection
 * closes; if `beforeEnd` rejects, nodemailer closes the connection without that line.
 */
function holdEndFor(transporter: Transporter): Transporter {
  transporter.use("stream", (mail, done) => {
    const beforeEnd = (mail.data as { beforeEnd?: () => Promise<void> }).beforeEnd;
    if (beforeEnd)
      mail.message.processFunc((input) =>
        // pipeline, not pipe: an error of the mail's own stream must reach nodemailer too.
        pipeline(
          input,
          new Transform({
            transform: (chunk, _encoding, next) => next(null, chunk),
            flush: (end) => void beforeEnd().then(() => end(), end),
          }),
          () => {},
        ),
      );
    done();
  });
  return transporter;
}

/** A pool of up to `maxConnections` SMTP connections, each reused for up to 100 mails. */
export function smtpTransport(
  smtpUrl: string,
  {
    maxConnections = 4,
    dkim,
    ...timeouts
  }: Partial<typeof smtpTimeouts> & { maxConnections?: number; dkim?: DkimKey } = {},
): MailTransport {
  // Keys in the URL win over these (nodemailer merges them so).
  const options = { url: smtpUrl, pool: true, maxConnections, maxMessages: 100, ...smtpTimeouts, ...timeouts };
  // Signed first, held last: the hold applies to the signed bytes.
  const transporter = holdEndFor(signWith(nodemailer.createTransport(options), dkim));
  return {
    async send(mail, signal, beforeEnd) {
      await transporter.sendMail({ ...mail, signal, beforeEnd } as SendMailOptions);
    },
    describe: () => `SMTP (${new URL(smtpUrl).host}, up to ${maxConnections} connections)`,
    // `force`: connections in the middle of a send are closed too, so a stalled server holds nothing up.
    close: () => (transporter.close as (options?: { force?: boolean }) => void)({ force: true }),
  };
}

export function fileTransport(folder: string, { dkim }: { dkim?: DkimKey } = {}): MailTransport {
  const transporter = signWith(
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
    dkim,
  );
  mkdirSync(folder, { recursive: true });
  return {
    async send(mail, _signal, beforeEnd) {
      const info = await transporter.sendMail(mail);
      await beforeEnd?.();
      mkdirSync(folder, { recursive: true });
      const name = mail.messageId.replace(/[<>]/g, "").replace(/[^A-Za-z0-9.@-]/g, "_");
      writeFileSync(path.join(folder, `${name}.eml`), info.message as Buffer);
    },
    describe: () => `.eml files in ${folder}`,
    close: () => {},
  };
}
