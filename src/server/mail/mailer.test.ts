/**
 * Mail over a real SMTP conversation: a local SMTP server (the smtp-server package) receives
 * what the mailer sends, so the message on the wire, attachment included, is what is checked.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../lib/logger.ts";
import { createMailer } from "./mailer.ts";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The decoded body of the MIME part whose headers name the file. */
function attachmentOf(raw: string, filename: string): Buffer {
  const start = raw.indexOf(`filename=${filename}`);
  expect(start, `an attachment named ${filename}`).toBeGreaterThan(-1);
  const body = raw.slice(raw.indexOf("\r\n\r\n", start) + 4);
  return Buffer.from(body.slice(0, body.indexOf("\r\n--")).replace(/\s+/g, ""), "base64");
}

describe("the SMTP mailer", () => {
  it("delivers the mail to the SMTP server with its PDF attachment intact", async () => {
    const pdf = Buffer.from("%PDF-1.7\n% an invoice\n%%EOF\n");
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "billing@glassroom.test", logger: createLogger("silent"), outbox: undefined });
    expect(mailer.transport).toBe("smtp");
    expect(await mailer.verify()).toBe(true);
    await mailer.send({
      to: "laura.bennett@example.com",
      subject: "Invoice INV-2026-0001",
      text: "Your invoice is attached.",
      attachments: [{ filename: "INV-2026-0001.pdf", contentType: "application/pdf", contentBase64: pdf.toString("base64") }],
    });
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.from).toBe("billing@glassroom.test");
    expect(mail!.to).toEqual(["laura.bennett@example.com"]);
    expect(mail!.raw).toContain("Subject: Invoice INV-2026-0001");
    expect(mail!.raw).toContain("Your invoice is attached.");
    expect(mail!.raw).toMatch(/Content-Type: application\/pdf; name=INV-2026-0001\.pdf/);
    expect(attachmentOf(mail!.raw, "INV-2026-0001.pdf").equals(pdf)).toBe(true);
  });

  it("reports a server that does not answer as not verified, and a send to it fails (the job retries it)", async () => {
    const closed = createMailer({ smtpUrl: "smtp://127.0.0.1:1", from: "billing@glassroom.test", logger: createLogger("silent"), outbox: undefined });
    expect(await closed.verify()).toBe(false);
    await expect(closed.send({ to: "a@example.com", subject: "S", text: "T" })).rejects.toThrow();
  });
});
