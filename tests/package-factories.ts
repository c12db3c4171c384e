/**
 * Billing factories for packages and hours, through the real API as an admin: a package of
 * the catalogue, a sale to an account, the billing settings. No test-runner imports.
 */
import { randomUUID } from "node:crypto";
import type { BillingSettings } from "../src/shared/schemas/billing-settings.ts";
import type { PackageProduct, PackageProductCreate, PackagePurchase } from "../src/shared/schemas/billing-packages.ts";
import type { ApiClient } from "./client.ts";

function fail(step: string, response: { status: number; text: string }): never {
  throw new Error(`${step} failed with ${response.status}: ${response.text}`);
}

/** POST /api/admin/billing/packages: 10 hours for 450.00, valid 180 days, for one student, unless given. */
export async function createPackage(adminClient: ApiClient, overrides: Partial<PackageProductCreate> = {}): Promise<PackageProduct> {
  const body = { name: "Ten hours", minutes: 600, priceMinor: 45_000, validDays: 180, scope: "student", ...overrides };
  const response = await adminClient.post<PackageProduct>("/api/admin/billing/packages", body);
  if (response.status !== 201) fail(`Adding the package ${body.name}`, response);
  return response.body;
}

/** POST /api/admin/billing/accounts/{accountId}/purchases with a fresh idempotency key; the purchase. */
export async function sellPackage(
  adminClient: ApiClient,
  accountId: string,
  input: { productId: string; studentId?: string | null; idempotencyKey?: string },
): Promise<PackagePurchase> {
  const body = { idempotencyKey: `sale-${randomUUID()}`, ...input };
  const response = await adminClient.post<PackagePurchase>(`/api/admin/billing/accounts/${accountId}/purchases`, body);
  if (response.status !== 201) fail(`Selling the package ${input.productId}`, response);
  return response.body;
}

/** PATCH /api/admin/billing/settings; the settings after. */
export async function setBillingSettings(adminClient: ApiClient, changes: Partial<BillingSettings>): Promise<BillingSettings> {
  const response = await adminClient.patch<BillingSettings>("/api/admin/billing/settings", changes);
  if (response.status !== 200) fail("Saving the billing settings", response);
  return response.body;
}
