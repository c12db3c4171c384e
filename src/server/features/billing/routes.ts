/**
 * Billing's operations: /admin/billing/… for the workspace's admins (catalogue, invoices,
 * payments, credit notes, disputes, balances, the ledger, settings) and /parent/billing/… for
 * a family's payers. Each part keeps its operations in its own file; this one mounts them.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { creditNoteRoutes } from "./credit-note-routes.ts";
import { invoiceRoutes } from "./invoice-routes.ts";
import { billingSettingsRoutes } from "./settings-routes.ts";
import { accountRoutes } from "./account-routes.ts";
import { familyRoutes } from "./family-routes.ts";
import { packageRoutes } from "./packages-routes.ts";
import { paymentRoutes } from "./payment-routes.ts";
import { disputeRoutes } from "./dispute-routes.ts";
import { statementRoutes } from "./statement-routes.ts";
import { exportRoutes } from "./export-routes.ts";
import { ledgerRoutes } from "./ledger-routes.ts";

export function billingRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  app.route("/", paymentRoutes(deps));
  app.route("/", accountRoutes(deps));
  app.route("/", familyRoutes(deps));
  app.route("/", packageRoutes(deps));
  app.route("/", billingSettingsRoutes(deps));
  app.route("/", invoiceRoutes(deps));
  app.route("/", creditNoteRoutes(deps));
  app.route("/", disputeRoutes(deps));
  app.route("/", statementRoutes(deps));
  app.route("/", exportRoutes(deps));
  app.route("/", ledgerRoutes(deps));
  return app;
}
