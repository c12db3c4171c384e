/**
 * The package catalogue and package sales. A product is hours for a price, valid for some
 * days, for one student or a whole family. Selling one snapshots the product into a purchase
 * (a later change of the product never changes it), writes its price to the ledger
 * (package_sale) and issues its invoice at once; the hours count once the invoice is paid, or
 * at its issue where the workspace allows credit (hours.ts activatePurchasesOfInvoice).
 */
import { createHash } from "node:crypto";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type {
  PackageProduct,
  PackageProductCreate,
  PackageProductList,
  PackageProductUpdate,
  PackagePurchase,
  PackagePurchaseCreate,
  PackagePurchaseList,
} from "../../../shared/schemas/billing-packages.ts";
import type { Actor } from "../../core/audit.ts";
import { holdWorkspaceCurrency, workspaceCurrency } from "../../core/currency.ts";
import { isRecordId } from "../../core/ids.ts";
import { invoice, packageProduct, packagePurchase, taxRate } from "../../db/billing-schema.ts";
import type { Database } from "../../db/client.ts";
import { student } from "../../db/schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { conflictOn, invalidField, notFound } from "../../lib/app-error.ts";
import { activateFreePurchase, describeMinutes } from "./hours.ts";
import { auditBilling, type BillingContext, billingContextOf } from "./invoice-context.ts";
import { requireAccount } from "./invoice-drafts.ts";
import { issueInvoiceForCharges } from "./invoice-issue.ts";
import { appendEntries } from "./ledger.ts";

type ProductRow = typeof packageProduct.$inferSelect;
type PurchaseRow = typeof packagePurchase.$inferSelect;

const productNotFound = () => notFound("The package");

export const shapeProduct = (row: ProductRow, currency: string): PackageProduct => ({
  id: row.id,
  name: row.name,
  description: row.description,
  minutes: row.minutes,
  priceMinor: row.priceMinor,
  currency,
  validDays: row.validDays,
  scope: row.scope,
  taxRateId: row.taxRateId,
  archived: row.archivedAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/** Every package of the catalogue: those on sale first, then the archived, each by name. */
export async function listProducts(db: Database, actor: Actor): Promise<PackageProductList> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const currency = await workspaceCurrency(tx, organizationId);
    const rows = await tx
      .select()
      .from(packageProduct)
      .where(eq(packageProduct.organizationId, organizationId))
      .orderBy(sql`${packageProduct.archivedAt} is not null`, asc(packageProduct.name), asc(packageProduct.id));
    return { items: rows.map((row) => shapeProduct(row, currency)), currency };
  });
}

/** A tax rate named for a package: one of the workspace's, not archived; else a 422 on taxRateId. */
async function requireTaxRate(tx: Transaction, organizationId: string, taxRateId: string): Promise<void> {
  const [row] = await tx
    .select({ archivedAt: taxRate.archivedAt })
    .from(taxRate)
    .where(and(eq(taxRate.organizationId, organizationId), eq(taxRate.id, taxRateId)));
  if (!row) throw invalidField("taxRateId", "No such tax rate in this workspace.");
  if (row.archivedAt) throw invalidField("taxRateId", "This tax rate is archived; choose a current one.");
}

export async function createProduct(db: Database, actor: Actor, input: PackageProductCreate, now: Date): Promise<PackageProduct> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    await holdWorkspaceCurrency(tx, organizationId);
    if (input.taxRateId) await requireTaxRate(tx, organizationId, input.taxRateId);
    const [created] = await tx
      .insert(packageProduct)
      .values({ organizationId, ...input, createdAt: now })
      .returning();
    await auditBilling(tx, billingContextOf(actor, now), "PACKAGE_CREATED", `${actor.viewer.user.name} added the package ${input.name} to the catalogue`, {
      productId: created!.id,
    });
    return shapeProduct(created!, await workspaceCurrency(tx, organizationId));
  });
}

const FIELD_WORDS: Record<Exclude<keyof PackageProductUpdate, "archived">, string> = {
  name: "name",
  description: "description",
  minutes: "minutes",
  priceMinor: "price",
  validDays: "valid days",
  scope: "scope",
  taxRateId: "tax rate",
};

/** Changes a package of the catalogue, or archives it (no longer sold) or puts it back on sale. Past purchases keep their snapshot. */
export async function updateProduct(db: Database, actor: Actor, productId: string, changes: PackageProductUpdate, now: Date): Promise<PackageProduct> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    await holdWorkspaceCurrency(tx, organizationId);
    const [row] = isRecordId(productId)
      ? await tx
          .select()
          .from(packageProduct)
          .where(and(eq(packageProduct.organizationId, organizationId), eq(packageProduct.id, productId)))
          .for("update")
      : [];
    if (!row) throw productNotFound();
    if (changes.taxRateId && changes.taxRateId !== row.taxRateId) await requireTaxRate(tx, organizationId, changes.taxRateId);
    const { archived, ...fields } = changes;
    const changed = (Object.keys(fields) as (keyof typeof FIELD_WORDS)[]).filter((field) => fields[field] !== undefined && fields[field] !== row[field]);
    const archiving = archived !== undefined && archived !== (row.archivedAt !== null);
    const words = [...changed.map((field) => FIELD_WORDS[field]), ...(archiving ? [archived ? "archived" : "back on sale"] : [])];
    if (words.length === 0) return shapeProduct(row, await workspaceCurrency(tx, organizationId));
    const [saved] = await tx
      .update(packageProduct)
      .set({
        ...Object.fromEntries(changed.map((field) => [field, fields[field]])),
        ...(archiving ? { archivedAt: archived ? now : null } : {}),
      })
      .where(and(eq(packageProduct.organizationId, organizationId), eq(packageProduct.id, productId)))
      .returning();
    await auditBilling(
      tx,
      billingContextOf(actor, now),
      "PACKAGE_UPDATED",
      `${actor.viewer.user.name} changed the package ${saved!.name}: ${words.join(", ")}`,
      {
        productId,
        fields: changed,
        ...(archiving ? { archived } : {}),
      },
    );
    return shapeProduct(saved!, await workspaceCurrency(tx, organizationId));
  });
}

/**
 * The purchase id an idempotency key stands for: the same key in the same workspace always
 * names the same purchase, so sending a sale twice finds the first (a UUID from a SHA-256).
 */
function purchaseIdOf(organizationId: string, idempotencyKey: string): string {
  const hex = createHash("sha256").update(`package-purchase:${organizationId}:${idempotencyKey}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The account's purchases matching `where`, newest first, with the student's name and the invoice's number. */
async function purchasesWhere(tx: Transaction, organizationId: string, where: SQL): Promise<PackagePurchase[]> {
  const currency = await workspaceCurrency(tx, organizationId);
  const rows = await tx
    .select({ purchase: packagePurchase, studentName: student.name, invoiceNumber: invoice.number })
    .from(packagePurchase)
    .leftJoin(student, and(eq(student.organizationId, packagePurchase.organizationId), eq(student.id, packagePurchase.studentId)))
    .leftJoin(invoice, and(eq(invoice.organizationId, packagePurchase.organizationId), eq(invoice.id, packagePurchase.invoiceId)))
    .where(and(eq(packagePurchase.organizationId, organizationId), where))
    .orderBy(desc(packagePurchase.createdAt), desc(packagePurchase.id));
  return rows.map(({ purchase, studentName, invoiceNumber }) => ({
    id: purchase.id,
    accountId: purchase.accountId,
    productId: purchase.productId,
    studentId: purchase.studentId,
    studentName,
    name: purchase.name,
    minutes: purchase.minutes,
    priceMinor: purchase.priceMinor,
    currency,
    validDays: purchase.validDays,
    status: purchase.status,
    invoiceId: purchase.invoiceId,
    invoiceNumber,
    createdAt: purchase.createdAt.toISOString(),
    activatedAt: purchase.activatedAt?.toISOString() ?? null,
  }));
}

async function shapePurchase(tx: Transaction, organizationId: string, purchaseId: string): Promise<PackagePurchase> {
  const [purchase] = await purchasesWhere(tx, organizationId, eq(packagePurchase.id, purchaseId));
  return purchase!;
}

/** GET /admin/billing/accounts/{accountId}/purchases: the packages the account bought, newest first. */
export async function listPurchases(db: Database, actor: Actor, accountId: string): Promise<PackagePurchaseList> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const account = await requireAccount(tx, organizationId, accountId);
    return { items: await purchasesWhere(tx, organizationId, eq(packagePurchase.accountId, account.id)) };
  });
}

/** The product to sell and who its hours are for, checked against the account; 422s name the field. */
async function checkSale(tx: Transaction, organizationId: string, accountId: string, input: PackagePurchaseCreate) {
  const [product] = await tx
    .select()
    .from(packageProduct)
    .where(and(eq(packageProduct.organizationId, organizationId), eq(packageProduct.id, input.productId.toLowerCase())));
  if (!product) throw invalidField("productId", "No such package in the catalogue.");
  if (product.archivedAt) throw invalidField("productId", `The package ${product.name} is archived and no longer sold.`);
  if (product.scope === "family") {
    if (input.studentId) throw invalidField("studentId", "This is a family package: its hours are for every student of the account; choose no student.");
    return { product, person: null };
  }
  if (!input.studentId) throw invalidField("studentId", "Choose the student this package's hours are for.");
  const [person] = await tx
    .select({ id: student.id, name: student.name, accountId: student.payerAccountId, erasedAt: student.erasedAt })
    .from(student)
    .where(and(eq(student.organizationId, organizationId), eq(student.id, input.studentId.toLowerCase())));
  if (!person || person.accountId !== accountId) throw invalidField("studentId", "This student is not one of this account's students.");
  if (person.erasedAt) throw invalidField("studentId", "This student's personal data was erased; no package can be sold for them.");
  return { product, person };
}

const sameSale = (purchase: PurchaseRow, accountId: string, input: PackagePurchaseCreate) =>
  purchase.accountId === accountId && purchase.productId === input.productId.toLowerCase() && purchase.studentId === (input.studentId?.toLowerCase() ?? null);

/**
 * Sells a package to an account: the purchase (a snapshot of the product), its price in the
 * ledger and its invoice, issued at once, in one transaction. A free package has nothing to
 * invoice: its hours count at once. The same idempotency key again returns the first sale; with
 * a different sale it is refused (409).
 */
export async function sellPackage(db: Database, actor: Actor, accountId: string, input: PackagePurchaseCreate, now: Date): Promise<PackagePurchase> {
  return withWorkspace(db, actor.viewer.organizationId, (tx) => sellPackageIn(tx, billingContextOf(actor, now), accountId, input, actor.viewer.user.name));
}

/** sellPackage inside the caller's transaction: a card payment through Stripe sells its package and pays the sale's invoice in one. */
export async function sellPackageIn(
  tx: Transaction,
  context: BillingContext,
  accountId: string,
  input: PackagePurchaseCreate,
  sellerName: string,
): Promise<PackagePurchase> {
  const { organizationId, now } = context;
  const account = await requireAccount(tx, organizationId, accountId);
  const purchaseId = purchaseIdOf(organizationId, input.idempotencyKey);
  const { product, person } = await checkSale(tx, organizationId, account.id, input);
  const [inserted] = await tx
    .insert(packagePurchase)
    .values({
      organizationId,
      id: purchaseId,
      accountId: account.id,
      productId: product.id,
      studentId: person?.id ?? null,
      name: product.name,
      minutes: product.minutes,
      priceMinor: product.priceMinor,
      validDays: product.validDays,
      soldByUserId: context.actorUserId,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    const [first] = await tx
      .select()
      .from(packagePurchase)
      .where(and(eq(packagePurchase.organizationId, organizationId), eq(packagePurchase.id, purchaseId)));
    if (!first || !sameSale(first, account.id, input)) throw conflictOn("idempotencyKey", "This idempotency key was already used for another sale.");
    return shapePurchase(tx, organizationId, purchaseId);
  }

  const forWhom = person ? `for ${person.name}` : "for the family";
  if (product.priceMinor > 0) {
    const [sale] = await appendEntries(tx, context, [
      {
        accountId: account.id,
        kind: "package_sale",
        amountMinor: product.priceMinor,
        description: `${product.name} (${describeMinutes(product.minutes)} ${forWhom}, valid ${product.validDays} days)`,
        causeKey: `purchase:${purchaseId}`,
        purchaseId,
        studentId: person?.id ?? null,
        minutes: product.minutes,
      },
    ]);
    const issued = await issueInvoiceForCharges(tx, context, account.id, [sale!.id]);
    await tx
      .update(packagePurchase)
      .set({ invoiceId: issued.invoiceId })
      .where(and(eq(packagePurchase.organizationId, organizationId), eq(packagePurchase.id, purchaseId), sql`${packagePurchase.invoiceId} is null`));
  } else {
    await activateFreePurchase(tx, context, purchaseId);
  }
  await auditBilling(tx, context, "PACKAGE_SOLD", `${sellerName} sold the package ${product.name} (${describeMinutes(product.minutes)}) to ${account.name}`, {
    purchaseId,
    productId: product.id,
    accountId: account.id,
    ...(person ? { studentId: person.id } : {}),
    priceMinor: product.priceMinor,
  });
  return shapePurchase(tx, organizationId, purchaseId);
}
