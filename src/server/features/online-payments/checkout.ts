/**
 * A guardian pays an invoice, or buys a package, through Stripe Checkout. Starting one records
 * an attempt, asks Stripe for a Checkout Session (keyed by the attempt, so a retry never makes a
 * second) and hands back Stripe's page. No money moves here: the webhook records the payment
 * when Stripe says it was made (stripe-events.ts). If Stripe cannot be reached, the attempt is
 * removed and the family is told to try again: nothing is left half-done.
 */
import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import {
  type CardPaymentOptions,
  type CheckoutStarted,
  type CheckoutStatus,
  type PackageCheckoutCreate,
  packageForSaleSchema,
  type PackagesForSale,
} from "../../../shared/schemas/online-payments.ts";
import type { Actor } from "../../core/audit.ts";
import type { MemberContext } from "../../core/context.ts";
import { workspaceCurrency } from "../../core/currency.ts";
import { isRecordId } from "../../core/ids.ts";
import { billingSettings, checkoutAttempt, invoice, packageProduct } from "../../db/billing-schema.ts";
import type { Database } from "../../db/client.ts";
import { payerAccount, student } from "../../db/schema.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import type { Config } from "../../env.ts";
import { conflict, invalidField, notFound } from "../../lib/app-error.ts";
import { payerOf, shapeProduct } from "../billing/index.ts";
import { callStripe, stripeClient } from "./stripe-client.ts";
import { type StripeKeys, stripeKeysOf } from "./stripe-keys.ts";

type AttemptRow = typeof checkoutAttempt.$inferSelect;

/** An open attempt for the same invoice and amount is offered again for this long (Stripe's sessions live 24 hours). */
const REUSE_OPEN_ATTEMPT_MS = 20 * 60 * 60 * 1000;

const checkoutNotFound = () => notFound("The card payment");

/** The metadata Stripe keeps on the session and its PaymentIntent, by which events find the attempt. */
export const ATTEMPT_METADATA_KEY = "glassroom_attempt";
export const WORKSPACE_METADATA_KEY = "glassroom_workspace";

const appUrl = (config: Config) => config.appUrl.replace(/\/+$/, "");

async function paymentInstructionsOf(tx: Queryable, organizationId: string): Promise<string> {
  const [row] = await tx.select({ text: billingSettings.paymentInstructions }).from(billingSettings).where(eq(billingSettings.organizationId, organizationId));
  return row?.text ?? "";
}

/** Whether families of the workspace can pay by card here, and otherwise how to pay. */
export async function cardPaymentOptions(db: Database, config: Config, actor: Actor): Promise<CardPaymentOptions> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => ({
    available: (await stripeKeysOf(tx, config, organizationId)) !== null,
    paymentInstructions: await paymentInstructionsOf(tx, organizationId),
  }));
}

/** The catalogue's packages on sale (not archived, not free), cheapest first. */
export function packagesOnSaleQuery(tx: Queryable, organizationId: string) {
  return tx
    .select()
    .from(packageProduct)
    .where(and(eq(packageProduct.organizationId, organizationId), isNull(packageProduct.archivedAt), gt(packageProduct.priceMinor, 0)))
    .orderBy(asc(packageProduct.priceMinor), asc(packageProduct.name));
}

/** GET /parent/billing/packages: the catalogue's packages on sale (not archived, not free), cheapest first. */
export async function packagesForSale(db: Database, actor: Actor): Promise<PackagesForSale> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const currency = await workspaceCurrency(tx, organizationId);
    const rows = await packagesOnSaleQuery(tx, organizationId);
    // The catalogue's own shape, less what a family has no use for (tax rate, archive state).
    return { items: rows.map((row) => packageForSaleSchema.parse(shapeProduct(row, currency))) };
  });
}

async function requireKeys(tx: Queryable, config: Config, organizationId: string): Promise<StripeKeys> {
  const keys = await stripeKeysOf(tx, config, organizationId);
  if (keys) return keys;
  const instructions = await paymentInstructionsOf(tx, organizationId);
  throw conflict(`This workspace does not take card payments online.${instructions ? ` How to pay: ${instructions}` : " Ask the business how to pay."}`);
}

interface CheckoutRequest {
  attempt: AttemptRow;
  /** What the family sees on Stripe's page. */
  itemName: string;
  cancelPath: string;
  reused: boolean;
}

/** Asks Stripe for the attempt's Checkout Session and opens the attempt, or removes it when Stripe fails. */
async function openCheckout(db: Database, config: Config, actor: Actor, keys: StripeKeys, request: CheckoutRequest, now: Date): Promise<CheckoutStarted> {
  const { attempt } = request;
  if (request.reused) return { attemptId: attempt.id, url: attempt.checkoutUrl! };
  const organizationId = actor.viewer.organizationId;
  const metadata = { [ATTEMPT_METADATA_KEY]: attempt.id, [WORKSPACE_METADATA_KEY]: organizationId };
  try {
    const session = await callStripe(() =>
      stripeClient(config, keys).checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: { currency: attempt.currency.toLowerCase(), unit_amount: attempt.amountMinor, product_data: { name: request.itemName } },
            },
          ],
          customer_email: actor.viewer.user.email,
          client_reference_id: attempt.id,
          metadata,
          payment_intent_data: { metadata, description: request.itemName },
          success_url: `${appUrl(config)}/parent/billings/checkout/${attempt.id}`,
          cancel_url: `${appUrl(config)}${request.cancelPath}`,
        },
        { idempotencyKey: `glassroom-checkout:${organizationId}:${attempt.id}` },
      ),
    );
    await withWorkspace(db, organizationId, (tx) =>
      tx
        .update(checkoutAttempt)
        // A webhook may have settled the attempt already: its state then stands.
        .set({
          status: sql`case when ${checkoutAttempt.status} = 'starting' then 'open' else ${checkoutAttempt.status} end`,
          stripeSessionId: session.id,
          checkoutUrl: session.url,
          updatedAt: now,
        })
        .where(and(eq(checkoutAttempt.organizationId, organizationId), eq(checkoutAttempt.id, attempt.id))),
    );
    return { attemptId: attempt.id, url: session.url! };
  } catch (error) {
    await withWorkspace(db, organizationId, (tx) =>
      tx
        .delete(checkoutAttempt)
        .where(and(eq(checkoutAttempt.organizationId, organizationId), eq(checkoutAttempt.id, attempt.id), eq(checkoutAttempt.status, "starting"))),
    );
    throw error;
  }
}

/** An open attempt started for the same thing and amount not long ago: its page is offered again rather than a second one. */
async function reusableAttempt(tx: Queryable, organizationId: string, where: ReturnType<typeof and>, amountMinor: number, now: Date) {
  const [row] = await tx
    .select()
    .from(checkoutAttempt)
    .where(
      and(
        eq(checkoutAttempt.organizationId, organizationId),
        where,
        eq(checkoutAttempt.status, "open"),
        eq(checkoutAttempt.amountMinor, amountMinor),
        gt(checkoutAttempt.createdAt, new Date(now.getTime() - REUSE_OPEN_ATTEMPT_MS)),
      ),
    )
    .orderBy(desc(checkoutAttempt.createdAt))
    .limit(1);
  return row;
}

/** A new attempt, "starting" until Stripe has answered, in the workspace's currency. */
async function insertAttempt(
  tx: Queryable,
  actor: Actor,
  now: Date,
  values: Pick<typeof checkoutAttempt.$inferInsert, "accountId" | "kind" | "invoiceId" | "productId" | "studentId" | "amountMinor">,
): Promise<AttemptRow> {
  const organizationId = actor.viewer.organizationId;
  const [attempt] = await tx
    .insert(checkoutAttempt)
    .values({
      organizationId,
      ...values,
      currency: await workspaceCurrency(tx, organizationId),
      startedByUserId: actor.viewer.user.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return attempt!;
}

/** POST /parent/billing/invoices/{invoiceId}/checkout: pay what the invoice still owes by card. */
export async function startInvoiceCheckout(db: Database, config: Config, actor: Actor, invoiceId: string, now: Date): Promise<CheckoutStarted> {
  const organizationId = actor.viewer.organizationId;
  if (!isRecordId(invoiceId)) throw notFound("The invoice");
  const { keys, request } = await withWorkspace(db, organizationId, async (tx) => {
    const [row] = await tx
      .select()
      .from(invoice)
      .where(
        and(eq(invoice.organizationId, organizationId), eq(invoice.id, invoiceId), payerOf(actor.viewer, invoice.accountId), sql`${invoice.status} <> 'draft'`),
      );
    if (!row) throw notFound("The invoice");
    const keys = await requireKeys(tx, config, organizationId);
    if (row.status === "void") throw conflict(`Invoice ${row.number} is void: there is nothing to pay.`);
    const outstanding = row.totalMinor - row.paidMinor;
    if (outstanding <= 0) throw conflict(`Invoice ${row.number} is paid: there is nothing left to pay.`);
    const itemName = `Invoice ${row.number}`;
    const cancelPath = `/parent/billings/invoices/${row.id}`;
    const open = await reusableAttempt(tx, organizationId, and(eq(checkoutAttempt.kind, "invoice"), eq(checkoutAttempt.invoiceId, row.id)), outstanding, now);
    if (open) return { keys, request: { attempt: open, itemName, cancelPath, reused: true } };
    const attempt = await insertAttempt(tx, actor, now, { accountId: row.accountId, kind: "invoice", invoiceId: row.id, amountMinor: outstanding });
    return { keys, request: { attempt, itemName, cancelPath, reused: false } };
  });
  return openCheckout(db, config, actor, keys, request, now);
}

/** POST /parent/billing/accounts/{accountId}/package-checkout: buy a package of the catalogue by card. */
export async function startPackageCheckout(
  db: Database,
  config: Config,
  actor: Actor,
  accountId: string,
  input: PackageCheckoutCreate,
  now: Date,
): Promise<CheckoutStarted> {
  const organizationId = actor.viewer.organizationId;
  if (!isRecordId(accountId)) throw notFound("The account");
  const { keys, request } = await withWorkspace(db, organizationId, async (tx) => {
    const [account] = await tx
      .select()
      .from(payerAccount)
      .where(and(eq(payerAccount.organizationId, organizationId), eq(payerAccount.id, accountId), payerOf(actor.viewer, payerAccount.id)));
    if (!account) throw notFound("The account");
    const keys = await requireKeys(tx, config, organizationId);
    const [product] = await tx
      .select()
      .from(packageProduct)
      .where(and(eq(packageProduct.organizationId, organizationId), eq(packageProduct.id, input.productId.toLowerCase()), isNull(packageProduct.archivedAt)));
    if (!product) throw invalidField("productId", "No such package is on sale.");
    if (product.priceMinor <= 0) throw invalidField("productId", `${product.name} is free: ask the business to add it to your account.`);
    let studentId: string | null = null;
    if (product.scope === "student") {
      if (!input.studentId) throw invalidField("studentId", "Choose the child this package's hours are for.");
      const [child] = await tx
        .select({ id: student.id })
        .from(student)
        .where(
          and(
            eq(student.organizationId, organizationId),
            eq(student.id, input.studentId.toLowerCase()),
            eq(student.payerAccountId, account.id),
            isNull(student.erasedAt),
            inArray(student.status, ["active", "paused"]),
          ),
        );
      if (!child) throw invalidField("studentId", "This child is not one of this account's students.");
      studentId = child.id;
    } else if (input.studentId) {
      throw invalidField("studentId", "This is a family package: its hours are for all your children; choose no child.");
    }
    const itemName = `${product.name} (${account.name})`;
    const cancelPath = "/parent/billings";
    const sameThing = and(
      eq(checkoutAttempt.kind, "package"),
      eq(checkoutAttempt.accountId, account.id),
      eq(checkoutAttempt.productId, product.id),
      studentId ? eq(checkoutAttempt.studentId, studentId) : isNull(checkoutAttempt.studentId),
    );
    const open = await reusableAttempt(tx, organizationId, sameThing, product.priceMinor, now);
    if (open) return { keys, request: { attempt: open, itemName, cancelPath, reused: true } };
    const attempt = await insertAttempt(tx, actor, now, {
      accountId: account.id,
      kind: "package",
      productId: product.id,
      studentId,
      amountMinor: product.priceMinor,
    });
    return { keys, request: { attempt, itemName, cancelPath, reused: false } };
  });
  return openCheckout(db, config, actor, keys, request, now);
}

/** The attempt with its invoice's number or package's name, if it is the viewer's family's (payerOf). */
export function checkoutStatusQuery(tx: Queryable, viewer: MemberContext, attemptId: string) {
  const organizationId = viewer.organizationId;
  return tx
    .select({ attempt: checkoutAttempt, invoiceNumber: invoice.number, productName: packageProduct.name })
    .from(checkoutAttempt)
    .leftJoin(invoice, and(eq(invoice.organizationId, checkoutAttempt.organizationId), eq(invoice.id, checkoutAttempt.invoiceId)))
    .leftJoin(packageProduct, and(eq(packageProduct.organizationId, checkoutAttempt.organizationId), eq(packageProduct.id, checkoutAttempt.productId)))
    .where(and(eq(checkoutAttempt.organizationId, organizationId), eq(checkoutAttempt.id, attemptId), payerOf(viewer, checkoutAttempt.accountId)));
}

/** GET /parent/billing/checkouts/{attemptId}: where the card payment stands (the success page polls it). */
export async function checkoutStatus(db: Database, actor: Actor, attemptId: string): Promise<CheckoutStatus> {
  const organizationId = actor.viewer.organizationId;
  if (!isRecordId(attemptId)) throw checkoutNotFound();
  return withWorkspace(db, organizationId, async (tx) => {
    const [row] = await checkoutStatusQuery(tx, actor.viewer, attemptId);
    if (!row) throw checkoutNotFound();
    const { attempt } = row;
    return {
      id: attempt.id,
      kind: attempt.kind,
      status: attempt.status,
      amountMinor: attempt.amountMinor,
      currency: attempt.currency,
      invoiceId: attempt.invoiceId,
      invoiceNumber: row.invoiceNumber,
      productName: row.productName,
      failureReason: attempt.failureReason,
      paymentId: attempt.paymentId,
    };
  });
}
