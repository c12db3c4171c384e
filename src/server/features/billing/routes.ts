/**
 * Billing's operations: /admin/billing/… for the workspace's admins (catalogue, invoices,
 * payments, credit notes, disputes, balances, the ledger, settings) and /parent/billing/… for
 * a family's payers. Each part keeps its operations in its own file; this one mounts them.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../../core/context.ts";

export function billingRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  void deps;
  return app;
}
