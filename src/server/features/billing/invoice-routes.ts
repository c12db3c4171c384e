/**
 * Invoices: /admin/billing/uninvoiced, /admin/billing/invoices (drafts, issue, void, list,
 * one, PDF), /admin/billing/invoice-batches (preview, issue), and a payer's
 * /parent/billing/invoices/{invoiceId} (and its PDF).
 */
import { workspaceCurrency } from "../../core/currency.ts";
import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  batchIssueRequestSchema,
  batchIssueSchema,
  batchPreviewRequestSchema,
  batchPreviewSchema,
  invoiceCreateSchema,
  invoiceDetailSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoiceUpdateSchema,
  invoiceVoidSchema,
  uninvoicedQuerySchema,
  uninvoicedSchema,
} from "../../../shared/schemas/billing-invoices.ts";
import { actorOf, type Actor } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { previewBatch, issueBatch } from "./invoice-batches.ts";
import { uninvoicedCharges } from "./invoice-charges.ts";
import { type BillingContext, billingContextOf } from "./invoice-context.ts";
import { deleteDraft, draftInvoice, updateDraft } from "./invoice-drafts.ts";
import { issueInvoice } from "./invoice-issue.ts";
import { invoiceDetail, listInvoices, parentInvoiceCondition } from "./invoice-reads.ts";
import { voidInvoice } from "./invoice-void.ts";
import { invoicePdf } from "./pdf/invoice-pdf.ts";

const invoiceParams = z.object({ invoiceId: z.string().min(1).max(100) });
const notFoundResponse = { 404: { description: "No such invoice (or account) among the viewer's own." } };
const detail = (description: string) => ({ description, content: jsonContent(invoiceDetailSchema) });
const pdfResponse = { 200: { description: "The invoice as a PDF.", content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } } } };

const TAG = ["Billing"];

const uninvoicedRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/uninvoiced",
  tags: TAG,
  summary: "Uninvoiced work per family: session charges and package sales no live invoice bills",
  request: { query: uninvoicedQuerySchema },
  responses: { 200: { description: "Per family, its charges by date.", content: jsonContent(uninvoicedSchema) }, ...errorResponses },
});
const listRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/invoices",
  tags: TAG,
  summary: "Invoices: filter by state (overdue too), family and issue date; overdue first, then newest",
  request: { query: invoiceListQuerySchema },
  responses: { 200: { description: "One page.", content: jsonContent(invoicePageSchema) }, ...errorResponses },
});
const createRoute = defineOperation(needs("admin:billing:write"), {
  method: "post",
  path: "/admin/billing/invoices",
  tags: TAG,
  summary: "Draft an invoice: a family's uninvoiced work in a period, or fee lines by hand",
  request: { body: { required: true, content: jsonContent(invoiceCreateSchema) } },
  responses: { 201: detail("The draft (audited)."), ...notFoundResponse, 409: { description: "Another invoice took a charge meanwhile." }, ...errorResponses },
});
const readRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/invoices/{invoiceId}",
  tags: TAG,
  summary: "One invoice: lines, totals, tax bands, allocations, state and credit notes",
  request: { params: invoiceParams },
  responses: { 200: detail("The invoice."), ...notFoundResponse, ...errorResponses },
});
const updateRoute = defineOperation(needs("admin:billing:write"), {
  method: "patch",
  path: "/admin/billing/invoices/{invoiceId}",
  tags: TAG,
  summary: "Change a draft: add or remove lines, notes",
  request: { params: invoiceParams, body: { required: true, content: jsonContent(invoiceUpdateSchema) } },
  responses: { 200: detail("The changed draft (audited)."), ...notFoundResponse, 409: { description: "The invoice is issued or void." }, ...errorResponses },
});
const deleteRoute = defineOperation(needs("admin:billing:write"), {
  method: "delete",
  path: "/admin/billing/invoices/{invoiceId}",
  tags: TAG,
  summary: "Delete a draft (its charges are uninvoiced again)",
  request: { params: invoiceParams },
  responses: { 204: { description: "Deleted (audited)." }, ...notFoundResponse, 409: { description: "The invoice is issued or void." }, ...errorResponses },
});
const issueRoute = defineOperation(
  needs("admin:billing:write"),
  {
    method: "post",
    path: "/admin/billing/invoices/{invoiceId}/issue",
    tags: TAG,
    summary: "Issue a draft: the next gapless number, dates, tax, ledger entries, the family's credit applied",
    request: { params: invoiceParams },
    responses: { 200: detail("The issued invoice (audited)."), ...notFoundResponse, 409: { description: "Already issued or void." }, ...errorResponses },
  },
  { writesMoney: true },
);
const voidRoute = defineOperation(
  needs("admin:billing:write"),
  {
    method: "post",
    path: "/admin/billing/invoices/{invoiceId}/void",
    tags: TAG,
    summary: "Void an issued invoice nothing has paid: it keeps its number; its charges are uninvoiced again",
    request: { params: invoiceParams, body: { required: true, content: jsonContent(invoiceVoidSchema) } },
    responses: {
      200: detail("The void invoice (audited)."),
      ...notFoundResponse,
      409: { description: "A draft (delete it), already void, or money is applied (record a credit note instead)." },
      ...errorResponses,
    },
  },
  { writesMoney: true },
);
const pdfRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/invoices/{invoiceId}/pdf",
  tags: TAG,
  summary: "The invoice as a PDF",
  request: { params: invoiceParams },
  responses: { ...pdfResponse, ...notFoundResponse, ...errorResponses },
});
const previewRoute = defineOperation(needs("admin:billing:read"), {
  method: "post",
  path: "/admin/billing/invoice-batches/preview",
  tags: TAG,
  summary: "What invoicing every family for a period would issue: per family, lines, subtotal, tax and total (nothing written)",
  request: { body: { required: true, content: jsonContent(batchPreviewRequestSchema) } },
  responses: { 200: { description: "Per family with work in the period.", content: jsonContent(batchPreviewSchema) }, ...errorResponses },
});
const batchRoute = defineOperation(
  needs("admin:billing:write"),
  {
    method: "post",
    path: "/admin/billing/invoice-batches",
    tags: TAG,
    summary: "Issue one invoice per family with work in the period (or the given families), all or none",
    request: { body: { required: true, content: jsonContent(batchIssueRequestSchema) } },
    responses: { 201: { description: "The invoices issued (audited).", content: jsonContent(batchIssueSchema) }, ...errorResponses },
  },
  { writesMoney: true },
);
const parentReadRoute = defineOperation(needs("parent:billing:read"), {
  method: "get",
  path: "/parent/billing/invoices/{invoiceId}",
  tags: TAG,
  summary: "One invoice of an account the parent pays",
  request: { params: invoiceParams },
  responses: { 200: detail("The invoice."), ...notFoundResponse, ...errorResponses },
});
const parentPdfRoute = defineOperation(needs("parent:billing:read"), {
  method: "get",
  path: "/parent/billing/invoices/{invoiceId}/pdf",
  tags: TAG,
  summary: "An invoice of an account the parent pays, as a PDF",
  request: { params: invoiceParams },
  responses: { ...pdfResponse, ...notFoundResponse, ...errorResponses },
});

/**
 * Runs a write in the actor's workspace, then answers the invoice as it then stands, read in a
 * transaction of its own: the write's locks (the money lock, the number counter) are released
 * before the read, so concurrent issues wait for each other as briefly as possible.
 */
async function writeThen(deps: AppDeps, actor: Actor, work: (tx: Transaction, context: BillingContext) => Promise<string>) {
  const now = deps.clock.now();
  const context = billingContextOf(actor, now);
  const invoiceId = await withWorkspace(deps.db, context.organizationId, (tx) => work(tx, context));
  return withWorkspace(deps.db, context.organizationId, (tx) => invoiceDetail(tx, context.organizationId, invoiceId, now));
}

const pdfBody = (pdf: Buffer, number: string | null) =>
  new Response(new Uint8Array(pdf), {
    status: 200,
    headers: { "content-type": "application/pdf", "content-disposition": `inline; filename="${(number ?? "invoice").replace(/[^A-Za-z0-9_-]/g, "_")}.pdf"` },
  });

export function invoiceRoutes(deps: AppDeps) {
  const read = <T>(actor: Actor, work: (tx: Transaction, organizationId: string) => Promise<T>) =>
    withWorkspace(deps.db, actor.viewer.organizationId, (tx) => work(tx, actor.viewer.organizationId));
  return new OpenAPIHono<AppEnv>()
    .openapi(uninvoicedRoute, async (c) => {
      const query = c.req.valid("query");
      const result = await read(actorOf(c), async (tx, organizationId) => {
        const charges = await uninvoicedCharges(tx, organizationId, {
          accountIds: query.accountId ? [query.accountId] : undefined,
          from: query.from,
          to: query.to,
        });
        const accounts = new Map<string, { accountId: string; accountName: string; totalMinor: number; charges: typeof charges }>();
        for (const charge of charges) {
          const account = accounts.get(charge.accountId) ?? { accountId: charge.accountId, accountName: charge.accountName, totalMinor: 0, charges: [] };
          account.totalMinor += charge.amountMinor;
          account.charges.push(charge);
          accounts.set(charge.accountId, account);
        }
        return { currency: await workspaceCurrency(tx, organizationId), accounts: [...accounts.values()] };
      });
      return c.json(result, 200);
    })
    .openapi(listRoute, async (c) =>
      c.json(await read(actorOf(c), (tx, organizationId) => listInvoices(tx, organizationId, c.req.valid("query"), deps.clock.now())), 200),
    )
    .openapi(createRoute, async (c) => {
      const input = c.req.valid("json");
      return c.json(await writeThen(deps, actorOf(c), async (tx, context) => (await draftInvoice(tx, context, input)).id), 201);
    })
    .openapi(readRoute, async (c) =>
      c.json(await read(actorOf(c), (tx, organizationId) => invoiceDetail(tx, organizationId, c.req.valid("param").invoiceId, deps.clock.now())), 200),
    )
    .openapi(updateRoute, async (c) => {
      const { invoiceId } = c.req.valid("param");
      const changes = c.req.valid("json");
      return c.json(
        await writeThen(deps, actorOf(c), async (tx, context) => {
          await updateDraft(tx, context, invoiceId, changes);
          return invoiceId;
        }),
        200,
      );
    })
    .openapi(deleteRoute, async (c) => {
      const actor = actorOf(c);
      const context = billingContextOf(actor, deps.clock.now());
      await withWorkspace(deps.db, context.organizationId, (tx) => deleteDraft(tx, context, c.req.valid("param").invoiceId));
      return c.body(null, 204);
    })
    .openapi(issueRoute, async (c) => {
      const { invoiceId } = c.req.valid("param");
      return c.json(await writeThen(deps, actorOf(c), async (tx, context) => (await issueInvoice(tx, context, invoiceId)).invoiceId), 200);
    })
    .openapi(voidRoute, async (c) => {
      const { invoiceId } = c.req.valid("param");
      const { reason } = c.req.valid("json");
      return c.json(
        await writeThen(deps, actorOf(c), async (tx, context) => {
          await voidInvoice(tx, context, invoiceId, reason);
          return invoiceId;
        }),
        200,
      );
    })
    .openapi(pdfRoute, async (c) => {
      const { invoiceId } = c.req.valid("param");
      const pdf = await read(actorOf(c), (tx, organizationId) => invoicePdf(tx, organizationId, invoiceId, deps.clock.now()));
      return pdfBody(pdf.content, pdf.number);
    })
    .openapi(previewRoute, async (c) => {
      const { periodFrom, periodTo } = c.req.valid("json");
      const result = await read(actorOf(c), async (tx, organizationId) => ({
        currency: await workspaceCurrency(tx, organizationId),
        families: await previewBatch(tx, organizationId, periodFrom, periodTo),
      }));
      return c.json(result, 200);
    })
    .openapi(batchRoute, async (c) => {
      const input = c.req.valid("json");
      const context = billingContextOf(actorOf(c), deps.clock.now());
      const result = await withWorkspace(deps.db, context.organizationId, async (tx) => ({
        ...(await issueBatch(tx, context, input)),
        currency: await workspaceCurrency(tx, context.organizationId),
      }));
      return c.json(result, 201);
    })
    .openapi(parentReadRoute, async (c) => {
      const actor = actorOf(c);
      return c.json(
        await read(actor, (tx, organizationId) =>
          invoiceDetail(tx, organizationId, c.req.valid("param").invoiceId, deps.clock.now(), parentInvoiceCondition(actor.viewer)),
        ),
        200,
      );
    })
    .openapi(parentPdfRoute, async (c) => {
      const actor = actorOf(c);
      const pdf = await read(actor, (tx, organizationId) =>
        invoicePdf(tx, organizationId, c.req.valid("param").invoiceId, deps.clock.now(), parentInvoiceCondition(actor.viewer)),
      );
      return pdfBody(pdf.content, pdf.number);
    });
}
