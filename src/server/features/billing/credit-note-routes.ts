/**
 * Credit notes: /admin/billing/credit-notes (issue, list, one, PDF) and a payer's
 * /parent/billing/credit-notes/{creditNoteId} (and its PDF).
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { creditNoteCreateSchema, creditNoteDetailSchema, creditNoteListQuerySchema, creditNotePageSchema } from "../../../shared/schemas/billing-invoices.ts";
import { actorOf, type Actor } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { creditNote } from "../../db/billing-schema.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { creditNoteDetail, listCreditNotes } from "./credit-note-reads.ts";
import { issueCreditNote } from "./credit-notes.ts";
import { billingContextOf } from "./invoice-context.ts";
import { creditNotePdf } from "./pdf/credit-note-pdf.ts";
import { payerOf } from "./policy.ts";

const params = z.object({ creditNoteId: z.string().min(1).max(100) });
const notFoundResponse = { 404: { description: "No such credit note (or account, or invoice) among the viewer's own." } };
const detail = (description: string) => ({ description, content: jsonContent(creditNoteDetailSchema) });
const pdfResponse = { 200: { description: "The credit note as a PDF.", content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } } } };
const TAG = ["Billing"];

const createRoute = defineOperation(
  needs("admin:billing:write"),
  {
    method: "post",
    path: "/admin/billing/credit-notes",
    tags: TAG,
    summary: "Issue a credit note at once (own gapless number); against an invoice it offsets what is outstanding, then frees what payments covered",
    request: { body: { required: true, content: jsonContent(creditNoteCreateSchema) } },
    responses: {
      201: detail("Issued and audited (or the first note issued with this idempotency key)."),
      ...notFoundResponse,
      409: { description: "The idempotency key was used for a different credit note." },
      ...errorResponses,
    },
  },
  { writesMoney: true },
);
const listRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/credit-notes",
  tags: TAG,
  summary: "Credit notes, newest first: filter by family or invoice",
  request: { query: creditNoteListQuerySchema },
  responses: { 200: { description: "One page.", content: jsonContent(creditNotePageSchema) }, ...errorResponses },
});
const readRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/credit-notes/{creditNoteId}",
  tags: TAG,
  summary: "One credit note: lines, tax bands, totals, allocations",
  request: { params },
  responses: { 200: detail("The credit note."), ...notFoundResponse, ...errorResponses },
});
const pdfRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/credit-notes/{creditNoteId}/pdf",
  tags: TAG,
  summary: "The credit note as a PDF",
  request: { params },
  responses: { ...pdfResponse, ...notFoundResponse, ...errorResponses },
});
const parentReadRoute = defineOperation(needs("parent:billing:read"), {
  method: "get",
  path: "/parent/billing/credit-notes/{creditNoteId}",
  tags: TAG,
  summary: "One credit note of an account the parent pays",
  request: { params },
  responses: { 200: detail("The credit note."), ...notFoundResponse, ...errorResponses },
});
const parentPdfRoute = defineOperation(needs("parent:billing:read"), {
  method: "get",
  path: "/parent/billing/credit-notes/{creditNoteId}/pdf",
  tags: TAG,
  summary: "A credit note of an account the parent pays, as a PDF",
  request: { params },
  responses: { ...pdfResponse, ...notFoundResponse, ...errorResponses },
});

const pdfBody = (pdf: Buffer, number: string) =>
  new Response(new Uint8Array(pdf), {
    status: 200,
    headers: { "content-type": "application/pdf", "content-disposition": `inline; filename="${number.replace(/[^A-Za-z0-9_-]/g, "_")}.pdf"` },
  });

export function creditNoteRoutes(deps: AppDeps) {
  const read = <T>(actor: Actor, work: (tx: Transaction, organizationId: string) => Promise<T>) =>
    withWorkspace(deps.db, actor.viewer.organizationId, (tx) => work(tx, actor.viewer.organizationId));
  return new OpenAPIHono<AppEnv>()
    .openapi(createRoute, async (c) => {
      const input = c.req.valid("json");
      const context = billingContextOf(actorOf(c), deps.clock.now());
      const result = await withWorkspace(deps.db, context.organizationId, async (tx) => {
        const note = await issueCreditNote(tx, context, input);
        return creditNoteDetail(tx, context.organizationId, note.id);
      });
      return c.json(result, 201);
    })
    .openapi(listRoute, async (c) => c.json(await read(actorOf(c), (tx, organizationId) => listCreditNotes(tx, organizationId, c.req.valid("query"))), 200))
    .openapi(readRoute, async (c) =>
      c.json(await read(actorOf(c), (tx, organizationId) => creditNoteDetail(tx, organizationId, c.req.valid("param").creditNoteId)), 200),
    )
    .openapi(pdfRoute, async (c) => {
      const pdf = await read(actorOf(c), (tx, organizationId) => creditNotePdf(tx, organizationId, c.req.valid("param").creditNoteId));
      return pdfBody(pdf.content, pdf.number);
    })
    .openapi(parentReadRoute, async (c) => {
      const actor = actorOf(c);
      return c.json(
        await read(actor, (tx, organizationId) =>
          creditNoteDetail(tx, organizationId, c.req.valid("param").creditNoteId, payerOf(actor.viewer, creditNote.accountId)),
        ),
        200,
      );
    })
    .openapi(parentPdfRoute, async (c) => {
      const actor = actorOf(c);
      const pdf = await read(actor, (tx, organizationId) =>
        creditNotePdf(tx, organizationId, c.req.valid("param").creditNoteId, payerOf(actor.viewer, creditNote.accountId)),
      );
      return pdfBody(pdf.content, pdf.number);
    });
}
