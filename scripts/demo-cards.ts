/**
 * The demo's card payments, against the Stripe test double (tests/stripe-double/), through the
 * real API and the double's signed webhooks, walking through the term with the demo clock:
 * - at the start of the term: two families save a card on Stripe's page and turn autopay on;
 *   one card is good, the other's charges will be declined;
 * - a month in, once the invoices are issued: autopay tells both families, charges the good
 *   card after the waiting time, and tries the other card again on schedule before leaving that
 *   invoice to its family;
 * - days later: a family pays its invoice by card through Stripe Checkout;
 * - today: a family buys a package by card.
 */
import type { ApiClient } from "../tests/client.ts";
import { signIn, type FactoryContext } from "../tests/factories.ts";
import type { CardChoice, StripeDouble } from "../tests/stripe-double/index.ts";
import { DEMO_CARDS, DEMO_PASSWORD, familyEmail } from "./demo-data.ts";
import type { DemoFamilyAccount } from "./demo-billing.ts";

/** The double the demo runs on, where its webhooks reach the app, and one run of the autopay job. */
export interface DemoStripe {
  double: StripeDouble;
  /** The app's webhook URL less the workspace id: `http://host:port/api/webhooks/stripe`. */
  webhookBase: string;
  runAutopay(): Promise<unknown>;
}

export interface DemoCardsSummary {
  savedCards: number;
  autopayCharged: number;
  /** Charges declined, each try counted (the first and its retries). */
  autopayDeclined: number;
  invoicesPaidOnline: number;
  packagesBoughtOnline: number;
}

async function expectStatus<T>(step: string, response: Promise<{ status: number; body: T; text: string }>, ...statuses: number[]): Promise<T> {
  const answer = await response;
  if (!statuses.includes(answer.status)) throw new Error(`${step} failed with ${answer.status}: ${answer.text}`);
  return answer.body;
}

/** Completes Stripe's page as the family would, and waits until its webhooks are applied. */
async function payOnStripePage(stripe: DemoStripe, url: string, card: CardChoice): Promise<void> {
  const sessionId = url.split("/checkout/")[1];
  if (!sessionId) throw new Error(`Not a checkout page of the Stripe double: ${url}`);
  const result = stripe.double.control.completeCheckout(sessionId, card);
  if ("declined" in result) throw new Error(`The double declined the demo's card: ${JSON.stringify(result)}`);
  await stripe.double.control.idle();
}

/** The accounts that pay by card, which the demo's hand-recorded payments leave alone. */
export function cardAccounts(accounts: Map<string, string>): string[] {
  return [...DEMO_CARDS.autopay.map((family) => family.guardian), DEMO_CARDS.invoicePaidOnline].map((guardian) => accounts.get(guardian)!);
}

export class DemoCards {
  private readonly summary: DemoCardsSummary = { savedCards: 0, autopayCharged: 0, autopayDeclined: 0, invoicesPaidOnline: 0, packagesBoughtOnline: 0 };
  private readonly parents = new Map<string, ApiClient>();

  private readonly ctx: FactoryContext;
  private readonly stripe: DemoStripe;
  private readonly accounts: Map<string, string>;

  constructor(ctx: FactoryContext, stripe: DemoStripe, accounts: Map<string, string>) {
    this.ctx = ctx;
    this.stripe = stripe;
    this.accounts = accounts;
  }

  private async parent(guardian: string): Promise<ApiClient> {
    const known = this.parents.get(guardian);
    if (known) return known;
    const client = await signIn(this.ctx, familyEmail(guardian), DEMO_PASSWORD);
    this.parents.set(guardian, client);
    return client;
  }

  /** At the start of the term: the webhooks go to the workspace; the autopay families save a card and opt in. */
  async saveCards(organizationId: string): Promise<void> {
    this.stripe.double.control.setWebhookEndpoint(`${this.stripe.webhookBase}/${organizationId}`);
    for (const family of DEMO_CARDS.autopay) {
      const parent = await this.parent(family.guardian);
      const accountId = this.accounts.get(family.guardian)!;
      const setup = await expectStatus<{ url: string }>("Saving a card", parent.post(`/api/parent/billing/accounts/${accountId}/card-setup`), 200);
      await payOnStripePage(this.stripe, setup.url, family.card);
      await expectStatus("Turning autopay on", parent.put(`/api/parent/billing/accounts/${accountId}/autopay`, { enabled: true }), 200);
      this.summary.savedCards++;
    }
  }

  /** One run of the autopay job (at the demo clock's moment): what it charged and what was declined. */
  async runAutopay(): Promise<void> {
    const result = (await this.stripe.runAutopay()) as { charged: number; failed: number };
    await this.stripe.double.control.idle();
    this.summary.autopayCharged += result.charged;
    this.summary.autopayDeclined += result.failed;
  }

  /** A family pays what its invoice owes through Stripe Checkout. */
  async payInvoiceOnline(invoices: { invoiceId: string; accountId: string }[]): Promise<void> {
    const guardian = DEMO_CARDS.invoicePaidOnline;
    const invoice = invoices.find((item) => item.accountId === this.accounts.get(guardian));
    if (!invoice) throw new Error(`${guardian}'s family has no invoice to pay by card`);
    const parent = await this.parent(guardian);
    const started = await expectStatus<{ url: string }>(
      "Paying an invoice by card",
      parent.post(`/api/parent/billing/invoices/${invoice.invoiceId}/checkout`),
      200,
      201,
    );
    await payOnStripePage(this.stripe, started.url, "succeeds");
    this.summary.invoicesPaidOnline++;
  }

  /** A family buys a package for a child by card. */
  async buyPackageOnline(families: DemoFamilyAccount[], productId: string): Promise<void> {
    const { guardian, child } = DEMO_CARDS.packageBoughtOnline;
    const family = families.find((candidate) => candidate.guardian === guardian)!;
    const studentId = family.studentIds[family.childNames.indexOf(child)];
    if (!studentId) throw new Error(`${guardian}'s family has no child ${child}`);
    const parent = await this.parent(guardian);
    const started = await expectStatus<{ url: string }>(
      "Buying a package by card",
      parent.post(`/api/parent/billing/accounts/${this.accounts.get(guardian)}/package-checkout`, { productId, studentId }),
      200,
      201,
    );
    await payOnStripePage(this.stripe, started.url, "succeeds");
    this.summary.packagesBoughtOnline++;
  }

  done(): DemoCardsSummary {
    return { ...this.summary };
  }
}
