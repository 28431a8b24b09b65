/**
 * Where outgoing mail goes: an SMTP server (SMTP_URL) through nodemailer, or, with none
 * configured, one .eml file per mail under DATA_DIR/mail so nothing is lost and a developer
 * can open them.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { MailTransport } from "./outbox.ts";

export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    describe: () => `SMTP (${new URL(smtpUrl).host})`,
    close: () => transporter.close(),
  };
}

export function fileTransport(folder: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  mkdirSync(folder, { recursive: true });
  return {
    async send(mail) {
      const info = await transporter.sendMail(mail);
      mkdirSync(folder, { recursive: true });
      const name = mail.messageId.replace(/[<>]/g, "").replace(/[^A-Za-z0-9.@-]/g, "_");
      writeFileSync(path.join(folder, `${name}.eml`), info.message as Buffer);
    },
    describe: () => `.eml files in ${folder}`,
    close: () => {},
  };
}
