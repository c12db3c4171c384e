/**
 * A parent's billing: /parent/billing (the accounts they pay, with balance, credit, hours,
 * packages, invoices, credit notes and payments) and /parent/billing/accounts/{accountId}/ledger.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { accountLedgerQuerySchema, familyBillingSchema, ledgerPageSchema } from "../../../shared/schemas/billing-accounts.ts";
import { actorOf } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { familyBilling, familyLedger } from "./family-overview.ts";

const accountParams = z.object({ accountId: z.string().min(1).max(100) });

const overviewRoute = defineOperation(needs("parent:billing:read"), {
  method: "get",
  path: "/parent/billing",
  tags: ["Billing"],
  summary: "The accounts the parent pays: balance, credit, hours per child, packages, invoices, credit notes and payments",
  responses: { 200: { description: "Every account the parent pays (none: an empty list).", content: jsonContent(familyBillingSchema) }, ...errorResponses },
});

const ledgerRoute = defineOperation(needs("parent:billing:read"), {
  method: "get",
  path: "/parent/billing/accounts/{accountId}/ledger",
  tags: ["Billing"],
  summary: "The ledger of an account the parent pays, newest first",
  request: { params: accountParams, query: accountLedgerQuerySchema },
  responses: {
    200: { description: "One page.", content: jsonContent(ledgerPageSchema) },
    404: { description: "No such account among those the parent pays." },
    ...errorResponses,
  },
});

export function familyRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(overviewRoute, async (c) => c.json(await familyBilling(deps.db, actorOf(c), deps.clock.now()), 200))
    .openapi(ledgerRoute, async (c) => {
      const { page, pageSize } = c.req.valid("query");
      return c.json(await familyLedger(deps.db, actorOf(c), c.req.valid("param").accountId, page, pageSize), 200);
    });
}
