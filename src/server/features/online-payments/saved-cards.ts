/**
 * A family's card saved with Stripe for autopay: saved through Checkout in setup mode (Stripe's
 * page takes the card; the webhook stores what the family sees of it), autopay turned on and off
 * in one click, the card removed (detached at Stripe; autopay off). One card per payer account,
 * on the account's own Stripe customer.
 */
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { SavedCardState } from "../../../shared/schemas/online-payments.ts";
import type { Actor } from "../../core/audit.ts";
import { writeAudit } from "../../core/audit.ts";
import { isRecordId } from "../../core/ids.ts";
import { readSettings } from "../../core/settings/index.ts";
import { savedCard } from "../../db/billing-schema.ts";
import type { Database } from "../../db/client.ts";
import { payerAccount } from "../../db/schema.ts";
import { type Queryable, type Transaction, withWorkspace } from "../../db/tenant.ts";
import type { Config } from "../../env.ts";
import { conflict, notFound } from "../../lib/app-error.ts";
import { payerOf } from "../billing/index.ts";
import { WORKSPACE_METADATA_KEY } from "./checkout.ts";
import { callStripe, stripeClient } from "./stripe-client.ts";
import { stripeKeysOf } from "./stripe-keys.ts";

/** The metadata of a card-saving session and its SetupIntent: the account the card is for. */
export const CARD_ACCOUNT_METADATA_KEY = "glassroom_card_account";

type SavedCardRow = typeof savedCard.$inferSelect;

async function requirePayerAccount(tx: Queryable, actor: Actor, accountId: string) {
  const organizationId = actor.viewer.organizationId;
  const [account] = isRecordId(accountId)
    ? await tx
        .select()
        .from(payerAccount)
        .where(and(eq(payerAccount.organizationId, organizationId), eq(payerAccount.id, accountId), payerOf(actor.viewer, payerAccount.id)))
    : [];
  if (!account) throw notFound("The account");
  return account;
}

async function cardRow(tx: Queryable, organizationId: string, accountId: string): Promise<SavedCardRow | undefined> {
  const [row] = await tx
    .select()
    .from(savedCard)
    .where(and(eq(savedCard.organizationId, organizationId), eq(savedCard.accountId, accountId)));
  return row;
}

/** What the family and the admin see of a saved card (null until Stripe has given its payment method), and whether autopay is on. */
export function cardSeen(row: SavedCardRow | undefined): Pick<SavedCardState, "card" | "autopay"> {
  const card =
    row?.stripePaymentMethodId && row.last4
      ? { brand: row.brand ?? "card", last4: row.last4, expMonth: row.expMonth ?? null, expYear: row.expYear ?? null }
      : null;
  return { card, autopay: Boolean(card && row?.autopay) };
}

async function stateOf(tx: Queryable, config: Config, organizationId: string, accountId: string): Promise<SavedCardState> {
  const row = await cardRow(tx, organizationId, accountId);
  const available = (await stripeKeysOf(tx, config, organizationId)) !== null;
  const { autopayDisputeWindowDays } = await readSettings(tx, organizationId, "billing");
  return { available, ...cardSeen(row), disputeWindowDays: autopayDisputeWindowDays };
}

/** GET /parent/billing/accounts/{accountId}/card */
export async function viewSavedCard(db: Database, config: Config, actor: Actor, accountId: string): Promise<SavedCardState> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    await requirePayerAccount(tx, actor, accountId);
    return stateOf(tx, config, organizationId, accountId);
  });
}

/** POST /parent/billing/accounts/{accountId}/card-setup: Stripe's page to save a card (Checkout in setup mode). */
export async function startCardSetup(db: Database, config: Config, actor: Actor, accountId: string, now: Date): Promise<{ url: string }> {
  const organizationId = actor.viewer.organizationId;
  const { account, keys, customerId } = await withWorkspace(db, organizationId, async (tx) => {
    const account = await requirePayerAccount(tx, actor, accountId);
    const keys = await stripeKeysOf(tx, config, organizationId);
    if (!keys) throw conflict("This workspace does not take card payments online, so no card can be saved.");
    return { account, keys, customerId: (await cardRow(tx, organizationId, account.id))?.stripeCustomerId ?? null };
  });
  const stripe = stripeClient(config, keys);
  let customer = customerId;
  if (!customer) {
    // One customer per account, whoever asks first: the key makes a second request find the first.
    const created = await callStripe(() =>
      stripe.customers.create(
        { name: account.name, email: actor.viewer.user.email, metadata: { [CARD_ACCOUNT_METADATA_KEY]: account.id, [WORKSPACE_METADATA_KEY]: organizationId } },
        { idempotencyKey: `glassroom-customer:${organizationId}:${account.id}` },
      ),
    );
    customer = created.id;
    await withWorkspace(db, organizationId, (tx) =>
      tx
        .insert(savedCard)
        .values({ organizationId, accountId: account.id, stripeCustomerId: created.id, savedByUserId: actor.viewer.user.id, createdAt: now, updatedAt: now })
        .onConflictDoNothing(),
    );
  }
  const metadata = { [CARD_ACCOUNT_METADATA_KEY]: account.id, [WORKSPACE_METADATA_KEY]: organizationId };
  const appUrl = config.appUrl.replace(/\/+$/, "");
  const session = await callStripe(() =>
    stripe.checkout.sessions.create(
      {
        mode: "setup",
        customer: customer!,
        metadata,
        setup_intent_data: { metadata, description: `Card for ${account.name}` },
        success_url: `${appUrl}/parent/billings?card=saved`,
        cancel_url: `${appUrl}/parent/billings`,
      },
      { idempotencyKey: `glassroom-card-setup:${organizationId}:${account.id}:${now.getTime()}` },
    ),
  );
  return { url: session.url! };
}

/** Stores the card a SetupIntent saved for the account (the webhook, once Stripe says it succeeded). */
export async function storeSavedCard(
  tx: Transaction,
  organizationId: string,
  accountId: string,
  method: Stripe.PaymentMethod,
  customerId: string,
  now: Date,
): Promise<string> {
  const row = await cardRow(tx, organizationId, accountId);
  if (!row || row.stripeCustomerId !== customerId) return "ignored: the card is not of this account's Stripe customer";
  if (row.stripePaymentMethodId === method.id) return "card already saved";
  await tx
    .update(savedCard)
    .set({
      stripePaymentMethodId: method.id,
      brand: method.card?.brand ?? null,
      last4: method.card?.last4 ?? null,
      expMonth: method.card?.exp_month ?? null,
      expYear: method.card?.exp_year ?? null,
      updatedAt: now,
    })
    .where(and(eq(savedCard.organizationId, organizationId), eq(savedCard.accountId, accountId)));
  return "card saved";
}

/** A card detached at Stripe (from its dashboard, say): forgotten here too, and autopay off. */
export async function forgetDetachedCard(tx: Transaction, organizationId: string, paymentMethodId: string, now: Date): Promise<string> {
  const forgotten = await tx
    .update(savedCard)
    .set({ stripePaymentMethodId: null, brand: null, last4: null, expMonth: null, expYear: null, autopay: false, updatedAt: now })
    .where(and(eq(savedCard.organizationId, organizationId), eq(savedCard.stripePaymentMethodId, paymentMethodId)))
    .returning({ accountId: savedCard.accountId });
  return forgotten.length > 0 ? "card forgotten" : "ignored: not a saved card";
}

/** PUT /parent/billing/accounts/{accountId}/autopay: one click on, one click off. */
export async function setAutopay(db: Database, config: Config, actor: Actor, accountId: string, enabled: boolean, now: Date): Promise<SavedCardState> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const account = await requirePayerAccount(tx, actor, accountId);
    const row = await cardRow(tx, organizationId, account.id);
    if (enabled && !row?.stripePaymentMethodId) throw conflict("Save a card first: autopay charges the saved card.");
    if (row && row.autopay !== enabled) {
      await tx
        .update(savedCard)
        .set({ autopay: enabled, updatedAt: now })
        .where(and(eq(savedCard.organizationId, organizationId), eq(savedCard.accountId, account.id)));
      await writeAudit(tx, {
        organizationId,
        userId: actor.viewer.user.id,
        actorRole: actor.viewer.role,
        ipAddress: actor.ipAddress,
        action: enabled ? "AUTOPAY_ON" : "AUTOPAY_OFF",
        description: `${actor.viewer.user.name} turned autopay ${enabled ? "on" : "off"} for ${account.name}`,
        metadata: { accountId: account.id },
      });
    }
    return stateOf(tx, config, organizationId, account.id);
  });
}

/** DELETE /parent/billing/accounts/{accountId}/card: detached at Stripe, forgotten here, autopay off. */
export async function removeSavedCard(db: Database, config: Config, actor: Actor, accountId: string, now: Date): Promise<SavedCardState> {
  const organizationId = actor.viewer.organizationId;
  const found = await withWorkspace(db, organizationId, async (tx) => {
    const account = await requirePayerAccount(tx, actor, accountId);
    return { account, row: await cardRow(tx, organizationId, account.id), keys: await stripeKeysOf(tx, config, organizationId) };
  });
  const methodId = found.row?.stripePaymentMethodId;
  if (methodId && found.keys) await callStripe(() => stripeClient(config, found.keys!).paymentMethods.detach(methodId));
  return withWorkspace(db, organizationId, async (tx) => {
    if (methodId) await forgetDetachedCard(tx, organizationId, methodId, now);
    return stateOf(tx, config, organizationId, found.account.id);
  });
}
