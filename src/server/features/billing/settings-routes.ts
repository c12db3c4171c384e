/**
 * The billing settings and the tax rates: /admin/billing/settings and /admin/billing/tax-rates.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { billingSettingsSchema } from "../../../shared/schemas/billing-settings.ts";
import {
  billingSettingsUpdateSchema,
  taxRateCreateSchema,
  taxRateListSchema,
  taxRateSchema,
  taxRateUpdateSchema,
  type BillingSettingsUpdate,
} from "../../../shared/schemas/billing-tax.ts";
import { actorOf, type Actor } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { changeSettings, viewSettings } from "../../core/settings/index.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { checkPolicyDocument } from "../../core/cancellation-policy.ts";
import { createTaxRate, listTaxRates, updateTaxRate, usableTaxRate } from "./tax-rates.ts";

const taxRateParams = z.object({ taxRateId: z.string().min(1).max(100) });

const settingsReadRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/settings",
  tags: ["Billing"],
  summary: "The workspace's billing settings (tax, numbering, terms, reminders, warnings, credit, cancellation shares, printed text)",
  responses: { 200: { description: "The settings (defaults until first saved).", content: jsonContent(billingSettingsSchema) }, ...errorResponses },
});

const settingsUpdateRoute = defineOperation(needs("admin:billing:write"), {
  method: "patch",
  path: "/admin/billing/settings",
  tags: ["Billing"],
  summary: "Change one or more billing settings (audited; a share change starts a new cancellation policy version)",
  request: { body: { required: true, content: jsonContent(billingSettingsUpdateSchema) } },
  responses: { 200: { description: "Saved.", content: jsonContent(billingSettingsSchema) }, ...errorResponses },
});

const taxRateListRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/tax-rates",
  tags: ["Billing"],
  summary: "The workspace's tax rates, current first",
  responses: { 200: { description: "Every rate, archived ones last.", content: jsonContent(taxRateListSchema) }, ...errorResponses },
});

const taxRateCreateRoute = defineOperation(needs("admin:billing:write"), {
  method: "post",
  path: "/admin/billing/tax-rates",
  tags: ["Billing"],
  summary: "Create a tax rate",
  request: { body: { required: true, content: jsonContent(taxRateCreateSchema) } },
  responses: { 201: { description: "Created and audited.", content: jsonContent(taxRateSchema) }, ...errorResponses },
});

const taxRateUpdateRoute = defineOperation(needs("admin:billing:write"), {
  method: "patch",
  path: "/admin/billing/tax-rates/{taxRateId}",
  tags: ["Billing"],
  summary: "Rename or archive a tax rate; its rate changes only while no issued document used it",
  request: { params: taxRateParams, body: { required: true, content: jsonContent(taxRateUpdateSchema) } },
  responses: {
    200: { description: "Changed and audited.", content: jsonContent(taxRateSchema) },
    404: { description: "No such tax rate in this workspace." },
    409: { description: "The rate is on issued documents (create a new rate), or it is the default and cannot be archived." },
    ...errorResponses,
  },
});

async function changeBillingSettings(deps: AppDeps, actor: Actor, changes: BillingSettingsUpdate) {
  const organizationId = actor.viewer.organizationId;
  if (changes.defaultTaxRateId) {
    const id = changes.defaultTaxRateId;
    await withWorkspace(deps.db, organizationId, (tx) => usableTaxRate(tx, organizationId, id, ["defaultTaxRateId"]));
  }
  if (changes.cancellationPolicyResourceId) {
    const id = changes.cancellationPolicyResourceId;
    await withWorkspace(deps.db, organizationId, (tx) => checkPolicyDocument(tx, organizationId, id, "cancellationPolicyResourceId"));
  }
  return changeSettings(deps.db, actor, "billing", changes, deps.clock.now());
}

export function billingSettingsRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(settingsReadRoute, async (c) => c.json(await viewSettings(deps.db, actorOf(c), "billing"), 200))
    .openapi(settingsUpdateRoute, async (c) => c.json(await changeBillingSettings(deps, actorOf(c), c.req.valid("json")), 200))
    .openapi(taxRateListRoute, async (c) => c.json(await listTaxRates(deps.db, actorOf(c)), 200))
    .openapi(taxRateCreateRoute, async (c) => c.json(await createTaxRate(deps.db, actorOf(c), c.req.valid("json"), deps.clock.now()), 201))
    .openapi(taxRateUpdateRoute, async (c) =>
      c.json(await updateTaxRate(deps.db, actorOf(c), c.req.valid("param").taxRateId, c.req.valid("json"), deps.clock.now()), 200),
    );
}
