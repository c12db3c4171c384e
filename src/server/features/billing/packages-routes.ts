/**
 * Packages and hours for the workspace's admins: the catalogue (/admin/billing/packages),
 * selling a package to an account, and an account's hours with their projected run-out.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  hoursSummarySchema,
  packageProductCreateSchema,
  packageProductListSchema,
  packageProductSchema,
  packageProductUpdateSchema,
  packagePurchaseCreateSchema,
  packagePurchaseListSchema,
  packagePurchaseSchema,
} from "../../../shared/schemas/billing-packages.ts";
import { actorOf } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { accountHours } from "./hours.ts";
import { createProduct, listProducts, listPurchases, sellPackage, updateProduct } from "./packages.ts";

/** Any id is accepted: one that names no record of the workspace answers 404. */
const productParams = z.object({ productId: z.string().min(1).max(100) });
const accountParams = z.object({ accountId: z.string().min(1).max(100) });

const listRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/packages",
  tags: ["Billing"],
  summary: "The package catalogue: packages on sale, then archived ones",
  responses: { 200: { description: "Every package, with the workspace's currency.", content: jsonContent(packageProductListSchema) }, ...errorResponses },
});

const createRoute = defineOperation(needs("admin:billing:write"), {
  method: "post",
  path: "/admin/billing/packages",
  tags: ["Billing"],
  summary: "Add a package to the catalogue: hours for a price, valid for some days, for a student or a family",
  request: { body: { required: true, content: jsonContent(packageProductCreateSchema) } },
  responses: { 201: { description: "Added and audited.", content: jsonContent(packageProductSchema) }, ...errorResponses },
});

const updateRoute = defineOperation(needs("admin:billing:write"), {
  method: "patch",
  path: "/admin/billing/packages/{productId}",
  tags: ["Billing"],
  summary: "Change a package, archive it (no longer sold) or put it back on sale; past purchases keep what they bought",
  request: { params: productParams, body: { required: true, content: jsonContent(packageProductUpdateSchema) } },
  responses: {
    200: { description: "Changed and audited.", content: jsonContent(packageProductSchema) },
    404: { description: "No such package in this workspace." },
    ...errorResponses,
  },
});

const sellRoute = defineOperation(
  needs("admin:billing:write"),
  {
    method: "post",
    path: "/admin/billing/accounts/{accountId}/purchases",
    tags: ["Billing"],
    summary:
      "Sell a package to a family's account: its price is charged and invoiced at once; its hours count once the invoice is paid (or issued, where credit is allowed)",
    request: { params: accountParams, body: { required: true, content: jsonContent(packagePurchaseCreateSchema) } },
    responses: {
      201: { description: "Sold, invoiced and audited (or, for the same idempotency key, the first sale).", content: jsonContent(packagePurchaseSchema) },
      404: { description: "No such account in this workspace." },
      409: { description: "The idempotency key was used for another sale." },
      ...errorResponses,
    },
  },
  { writesMoney: true },
);

const purchasesRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/accounts/{accountId}/purchases",
  tags: ["Billing"],
  summary: "The packages a family's account bought, newest first, with their state and invoice",
  request: { params: accountParams },
  responses: {
    200: { description: "The account's purchases.", content: jsonContent(packagePurchaseListSchema) },
    404: { description: "No such account in this workspace." },
    ...errorResponses,
  },
});

const hoursRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/accounts/{accountId}/hours",
  tags: ["Billing"],
  summary: "A family's package hours: per student and the family's shared ones, with expiry and projected run-out",
  request: { params: accountParams },
  responses: {
    200: { description: "The account's hours.", content: jsonContent(hoursSummarySchema) },
    404: { description: "No such account in this workspace." },
    ...errorResponses,
  },
});

export function packageRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => c.json(await listProducts(deps.db, actorOf(c)), 200))
    .openapi(createRoute, async (c) => c.json(await createProduct(deps.db, actorOf(c), c.req.valid("json"), deps.clock.now()), 201))
    .openapi(updateRoute, async (c) =>
      c.json(await updateProduct(deps.db, actorOf(c), c.req.valid("param").productId, c.req.valid("json"), deps.clock.now()), 200),
    )
    .openapi(sellRoute, async (c) => c.json(await sellPackage(deps.db, actorOf(c), c.req.valid("param").accountId, c.req.valid("json"), deps.clock.now()), 201))
    .openapi(purchasesRoute, async (c) => c.json(await listPurchases(deps.db, actorOf(c), c.req.valid("param").accountId), 200))
    .openapi(hoursRoute, async (c) => c.json(await accountHours(deps.db, actorOf(c), c.req.valid("param").accountId, deps.clock.now()), 200));
}
