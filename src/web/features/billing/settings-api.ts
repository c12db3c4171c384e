import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { BillingSettings } from "../../../shared/schemas/billing-settings.ts";
import type { BillingSettingsUpdate, TaxRate, TaxRateCreate, TaxRateUpdate } from "../../../shared/schemas/billing-tax.ts";
import type { StripeConnection, StripeKeysUpdate } from "../../../shared/schemas/online-payments.ts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";

/**
 * The workspace's billing settings, tax rates and Stripe keys (admins): /api/admin/billing/settings,
 * /api/admin/billing/tax-rates and /api/admin/billing/stripe. The keys sit under the admin billing screens' root, so that
 * their list of tax rates is this same cache entry and a change here refreshes it there.
 */
export const billingSettingsKeys = {
  all: ["admin-billing"] as const,
  settings: () => [...billingSettingsKeys.all, "settings"] as const,
  taxRates: () => [...billingSettingsKeys.all, "tax-rates"] as const,
  stripe: () => [...billingSettingsKeys.all, "stripe"] as const,
};

const BASE = "/admin/billing";

export const billingSettingsQuery = () =>
  queryOptions({ queryKey: billingSettingsKeys.settings(), queryFn: () => api.get<BillingSettings>(`${BASE}/settings`) });
export const useBillingSettings = () => useQuery(billingSettingsQuery());

export function useUpdateBillingSettings() {
  return useMutation({
    mutationFn: (changes: BillingSettingsUpdate) => api.patch<BillingSettings>(`${BASE}/settings`, changes),
    onSuccess: (saved) => queryClient.setQueryData(billingSettingsKeys.settings(), saved),
  });
}

export const taxRatesQuery = () =>
  queryOptions({ queryKey: billingSettingsKeys.taxRates(), queryFn: () => api.get<{ items: TaxRate[] }>(`${BASE}/tax-rates`) });
export const useTaxRateList = () => useQuery(taxRatesQuery());

const afterTaxRateChange = () => queryClient.invalidateQueries({ queryKey: billingSettingsKeys.taxRates() });

export function useCreateTaxRate() {
  return useMutation({
    mutationFn: (input: TaxRateCreate) => api.post<TaxRate>(`${BASE}/tax-rates`, input),
    onSuccess: afterTaxRateChange,
  });
}

export function useUpdateTaxRate(taxRateId: string) {
  return useMutation({
    mutationFn: (changes: TaxRateUpdate) => api.patch<TaxRate>(`${BASE}/tax-rates/${encodeURIComponent(taxRateId)}`, changes),
    onSuccess: afterTaxRateChange,
  });
}

export const stripeConnectionQuery = () => queryOptions({ queryKey: billingSettingsKeys.stripe(), queryFn: () => api.get<StripeConnection>(`${BASE}/stripe`) });
export const useStripeConnection = () => useQuery(stripeConnectionQuery());

const keepConnection = (saved: StripeConnection) => queryClient.setQueryData(billingSettingsKeys.stripe(), saved);

export function useSetStripeKeys() {
  return useMutation({ mutationFn: (keys: StripeKeysUpdate) => api.put<StripeConnection>(`${BASE}/stripe`, keys), onSuccess: keepConnection });
}

export function useRemoveStripeKeys() {
  return useMutation({ mutationFn: () => api.delete<StripeConnection>(`${BASE}/stripe`), onSuccess: keepConnection });
}
