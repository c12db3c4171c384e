import nodemailer from "nodemailer";
import type { Logger } from "../lib/logger.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly transport: "smtp" | "log";
  send(mail: Mail): Promise<void>;
  verify(): Promise<boolean>;
}

/** Where development mail is kept so the outbox page can show it (a local development server only). */
export interface OutboxStore {
  add(mail: Mail & { from: string }): Promise<void>;
}

/**
 * Mail over SMTP when SMTP_URL is set. Without it, a local development server keeps each mail
 * in the outbox (and the log) for the outbox page; any other server keeps nothing and logs
 * only whom it could not write to: its mails carry sign-in and invitation links.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; logger: Logger; outbox: OutboxStore | undefined }): Mailer {
  const { smtpUrl, from, logger, outbox } = options;
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl);
    return {
      transport: "smtp",
      async send(mail) {
        await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        logger.info({ to: mail.to, subject: mail.subject }, "mail sent");
      },
      async verify() {
        try {
          await transporter.verify();
          return true;
        } catch {
          return false;
        }
      },
    };
  }
  return {
    transport: "log",
    async send(mail) {
      if (!outbox) {
        logger.warn({ to: mail.to, subject: mail.subject }, "mail not sent: SMTP_URL is not set");
        return;
      }
      logger.info({ mail: { from, ...mail } }, `mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
      await outbox.add({ from, ...mail });
    },
    async verify() {
      return true;
    },
  };
}
