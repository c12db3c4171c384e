/**
 * An SMTP server for the benchmarks' production servers (SMTP_URL): each mail it receives is
 * written to the `dev_outbox` table of the install's database, which a production server never
 * fills itself. The tests' factories then read confirmation links there as they do in-process,
 * and the load test counts the mail every instance sent: a row per mail delivered.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { devOutbox } from "../../src/server/db/schema.ts";
import type { Database } from "../../src/server/db/client.ts";

export interface MailSink {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  /** From now on mail is written to this database (until then it is refused and retried). */
  deliverTo(db: Database): void;
  close(): Promise<void>;
}

/** A header's value, RFC 2047 encoded words decoded (nodemailer encodes non-ASCII subjects). */
function headerOf(head: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*((?:.*)(?:\\r?\\n[ \\t].*)*)`, "im").exec(head);
  const value = (match?.[1] ?? "").replace(/\r?\n[ \t]/g, " ");
  return value
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*(?==\?)/gi, "=?utf-8?$1?$2?=")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_all, encoding: string, text: string) =>
      encoding.toLowerCase() === "b" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replaceAll("_", " ")),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, "");
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else bytes.push(...Buffer.from(joined[index]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Subject and plain-text body of a message as nodemailer writes it (text, or multipart with a text part first). */
export function readMessage(raw: string): { subject: string; body: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split);
  let part = raw.slice(split + 4);
  let partHead = head;
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headerOf(head, "Content-Type"))?.[1];
  if (boundary) {
    const first = part.split(`--${boundary}`)[1] ?? "";
    const partSplit = first.indexOf("\r\n\r\n");
    partHead = first.slice(0, partSplit);
    part = first.slice(partSplit + 4).replace(/\r\n$/, "");
  }
  const encoding = headerOf(partHead, "Content-Transfer-Encoding").toLowerCase();
  const body =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(part)
      : encoding === "base64"
        ? Buffer.from(part.replace(/\s+/g, ""), "base64").toString("utf8")
        : part;
  return { subject: headerOf(head, "Subject"), body: body.replace(/\r\n/g, "\n").trimEnd() };
}

export async function startMailSink(): Promise<MailSink> {
  let target: Database | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (!target) return callback(Object.assign(new Error("the mail sink has no database yet"), { responseCode: 451 }));
        const { subject, body } = readMessage(Buffer.concat(chunks).toString("utf8"));
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        // Acknowledged only once written: the mail job then completes, and a test that waits
        // for the queue to drain finds the mail in the table.
        target
          .insert(devOutbox)
          .values(session.envelope.rcptTo.map((recipient) => ({ fromAddress: from, toAddress: recipient.address.toLowerCase(), subject, body })))
          .then(
            () => callback(),
            (error: Error) => callback(error),
          );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    deliverTo(db) {
      target = db;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
