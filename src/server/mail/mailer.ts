import nodemailer from "nodemailer";
import type { Logger } from "../lib/logger.ts";

/** A file sent with a mail (an invoice's PDF): its bytes as base64, so a queued mail stays JSON. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

/** The mail as the log and the outbox keep it: attachments by name only (their bytes would flood both). */
function withoutAttachmentBytes(mail: Mail): Omit<Mail, "attachments"> & { attachments?: string[] } {
  const { attachments, ...rest } = mail;
  return attachments && attachments.length > 0 ? { ...rest, attachments: attachments.map((attachment) => attachment.filename) } : rest;
}

export interface Mailer {
  readonly transport: "smtp" | "log";
  send(mail: Mail): Promise<void>;
  verify(): Promise<boolean>;
}

/** Where development mail is kept so the outbox page can show it (a local development server only). */
export interface OutboxStore {
  add(mail: Omit<Mail, "attachments"> & { from: string; attachments?: string[] }): Promise<void>;
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
        await transporter.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          attachments: mail.attachments?.map((attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            content: attachment.contentBase64,
            encoding: "base64",
          })),
        });
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
      const kept = { from, ...withoutAttachmentBytes(mail) };
      logger.info({ mail: kept }, `mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
      await outbox.add(kept);
    },
    async verify() {
      return true;
    },
  };
}
