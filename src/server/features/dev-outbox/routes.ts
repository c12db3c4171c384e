import { OpenAPIHono, z } from "@hono/zod-openapi";
import { desc, eq } from "drizzle-orm";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import type { Database } from "../../db/client.ts";
import { devOutbox } from "../../db/schema.ts";
import { defineOperation, PUBLIC } from "../../lib/operation.ts";
import type { OutboxStore } from "../../mail/mailer.ts";

export function databaseOutbox(db: Database): OutboxStore {
  return {
    async add(mail) {
      // Attachments by name, after the text: what the page shows is what a mail client would list.
      const attached = mail.attachments && mail.attachments.length > 0 ? `\n\n[Attachments: ${mail.attachments.join(", ")}]` : "";
      await db.insert(devOutbox).values({ fromAddress: mail.from, toAddress: mail.to, subject: mail.subject, body: `${mail.text}${attached}` });
    },
  };
}

const mailSchema = z.object({ id: z.string(), from: z.string(), to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() });

const listRoute = defineOperation(PUBLIC, {
  method: "get",
  path: "/dev/outbox",
  tags: ["Development"],
  summary: "Mail kept instead of sent (development servers without SMTP only)",
  request: { query: z.object({ to: z.string().max(254).optional() }) },
  responses: { 200: { description: "Newest first.", content: { "application/json": { schema: z.object({ items: z.array(mailSchema) }) } } } },
});

/** Only mounted when no SMTP server is configured and NODE_ENV is not production. */
export function devOutboxRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>().openapi(listRoute, async (c) => {
    const { to } = c.req.valid("query");
    const rows = await deps.db
      .select()
      .from(devOutbox)
      .where(to ? eq(devOutbox.toAddress, to.toLowerCase()) : undefined)
      .orderBy(desc(devOutbox.createdAt))
      .limit(100);
    return c.json(
      {
        items: rows.map((row) => ({
          id: row.id,
          from: row.fromAddress,
          to: row.toAddress,
          subject: row.subject,
          text: row.body,
          createdAt: row.createdAt.toISOString(),
        })),
      },
      200,
    );
  });
}
