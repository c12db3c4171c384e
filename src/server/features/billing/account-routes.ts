/**
 * Families' accounts for admins: /admin/billing/accounts (list, overview, ledger, rename,
 * payers, merge, split) and /admin/billing/aged-balances.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  accountDetailSchema,
  accountLedgerQuerySchema,
  accountListQuerySchema,
  accountMergeResultSchema,
  accountMergeSchema,
  accountPageSchema,
  accountPayerAddSchema,
  accountRenameSchema,
  accountSplitResultSchema,
  accountSplitSchema,
  agedBalancesQuerySchema,
  agedBalancesSchema,
  ledgerPageSchema,
} from "../../../shared/schemas/billing-accounts.ts";
import { actorOf } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { addPayer, listAccounts, mergeAccount, removePayer, renameAccount, splitAccount, viewAccount, viewAccountLedger } from "./accounts.ts";
import { agedBalances } from "./aged-balances.ts";

/** Any id is accepted: one that names no account of the workspace answers 404. */
const accountParams = z.object({ accountId: z.string().min(1).max(100) });
const payerParams = accountParams.extend({ memberId: z.string().min(1).max(100) });
const notFoundResponse = { 404: { description: "No such account in the workspace." } };
const detail = (description: string) => ({ 200: { description, content: jsonContent(accountDetailSchema) } });

const listRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/accounts",
  tags: ["Billing"],
  summary: "Families' accounts with their students, payers, balance, credit, outstanding and overdue amounts (search by name)",
  request: { query: accountListQuerySchema },
  responses: { 200: { description: "One page, by name.", content: jsonContent(accountPageSchema) }, ...errorResponses },
});

const readRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/accounts/{accountId}",
  tags: ["Billing"],
  summary: "One account's overview: balance, credit, students, payers and its latest ledger entries",
  request: { params: accountParams },
  responses: { ...detail("The account."), ...notFoundResponse, ...errorResponses },
});

const ledgerRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/accounts/{accountId}/ledger",
  tags: ["Billing"],
  summary: "An account's ledger entries, newest first, with the ids of what caused each",
  request: { params: accountParams, query: accountLedgerQuerySchema },
  responses: { 200: { description: "One page.", content: jsonContent(ledgerPageSchema) }, ...notFoundResponse, ...errorResponses },
});

const renameRoute = defineOperation(needs("admin:billing:write"), {
  method: "patch",
  path: "/admin/billing/accounts/{accountId}",
  tags: ["Billing"],
  summary: "Rename an account (audited)",
  request: { params: accountParams, body: { required: true, content: jsonContent(accountRenameSchema) } },
  responses: { ...detail("Renamed."), ...notFoundResponse, ...errorResponses },
});

const addPayerRoute = defineOperation(needs("admin:billing:write"), {
  method: "post",
  path: "/admin/billing/accounts/{accountId}/payers",
  tags: ["Billing"],
  summary: "Make a parent a payer of the account: they see and pay it (audited)",
  request: { params: accountParams, body: { required: true, content: jsonContent(accountPayerAddSchema) } },
  responses: { ...detail("Added (or already a payer)."), ...notFoundResponse, ...errorResponses },
});

const removePayerRoute = defineOperation(needs("admin:billing:write"), {
  method: "delete",
  path: "/admin/billing/accounts/{accountId}/payers/{memberId}",
  tags: ["Billing"],
  summary: "Stop a parent paying the account (audited)",
  request: { params: payerParams },
  responses: { ...detail("Removed."), 404: { description: "No such account, or the member is not its payer." }, ...errorResponses },
});

const mergeRoute = defineOperation(
  needs("admin:billing:write"),
  {
    method: "post",
    path: "/admin/billing/accounts/{accountId}/merge",
    tags: ["Billing"],
    summary: "Merge the account into another: students and payers move, the balance moves by a pair of transfer entries, its documents stay (audited)",
    request: { params: accountParams, body: { required: true, content: jsonContent(accountMergeSchema) } },
    responses: {
      200: { description: "Merged: the account merged into.", content: jsonContent(accountMergeResultSchema) },
      ...notFoundResponse,
      409: { description: "The account has draft invoices." },
      ...errorResponses,
    },
  },
  { writesMoney: true },
);

const splitRoute = defineOperation(needs("admin:billing:write"), {
  method: "post",
  path: "/admin/billing/accounts/{accountId}/split",
  tags: ["Billing"],
  summary: "Give some students of the account an account of their own; no money moves (audited)",
  request: { params: accountParams, body: { required: true, content: jsonContent(accountSplitSchema) } },
  responses: {
    201: { description: "Split: the new account, and how many uninvoiced charges stay with the old one.", content: jsonContent(accountSplitResultSchema) },
    ...notFoundResponse,
    ...errorResponses,
  },
});

const agedRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/aged-balances",
  tags: ["Billing"],
  summary: "What each family owes on issued invoices by days past due (current, 1–30, 31–60, 61–90, over 90) on a day, and the totals",
  request: { query: agedBalancesQuerySchema },
  responses: {
    200: { description: "One page of families owing, by name, and the workspace's totals.", content: jsonContent(agedBalancesSchema) },
    ...errorResponses,
  },
});

export function accountRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => c.json(await listAccounts(deps.db, actorOf(c), c.req.valid("query"), deps.clock.now()), 200))
    .openapi(agedRoute, async (c) => c.json(await agedBalances(deps.db, actorOf(c), c.req.valid("query"), deps.clock.now()), 200))
    .openapi(readRoute, async (c) => c.json(await viewAccount(deps.db, actorOf(c), c.req.valid("param").accountId, deps.clock.now()), 200))
    .openapi(ledgerRoute, async (c) => {
      const { page, pageSize } = c.req.valid("query");
      return c.json(await viewAccountLedger(deps.db, actorOf(c), c.req.valid("param").accountId, page, pageSize), 200);
    })
    .openapi(renameRoute, async (c) =>
      c.json(await renameAccount(deps.db, actorOf(c), c.req.valid("param").accountId, c.req.valid("json").name, deps.clock.now()), 200),
    )
    .openapi(addPayerRoute, async (c) =>
      c.json(await addPayer(deps.db, actorOf(c), c.req.valid("param").accountId, c.req.valid("json").memberId, deps.clock.now()), 200),
    )
    .openapi(removePayerRoute, async (c) => {
      const { accountId, memberId } = c.req.valid("param");
      return c.json(await removePayer(deps.db, actorOf(c), accountId, memberId, deps.clock.now()), 200);
    })
    .openapi(mergeRoute, async (c) =>
      c.json(await mergeAccount(deps.db, actorOf(c), c.req.valid("param").accountId, c.req.valid("json").intoAccountId, deps.clock.now()), 200),
    )
    .openapi(splitRoute, async (c) =>
      c.json(await splitAccount(deps.db, actorOf(c), c.req.valid("param").accountId, c.req.valid("json"), deps.clock.now()), 201),
    );
}
