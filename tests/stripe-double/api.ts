/**
 * The Stripe REST endpoints Glassroom calls, on the double's store: Customers, Checkout
 * Sessions, Payment Intents, Setup Intents, Payment Methods, Refunds, Charges and Events.
 * Parameters are checked as Stripe checks them (an unknown one is refused), answers have
 * Stripe's shapes, lists its `{ object: "list", data, has_more, url }` envelope.
 */
import {
  allowOnly,
  invalidRequest,
  mergeMetadata,
  optionalBoolean,
  optionalEnum,
  optionalInteger,
  optionalList,
  optionalObject,
  optionalString,
  requiredInteger,
  requiredString,
  resourceMissing,
  StripeApiError,
  type Params,
} from "./params.ts";
import { belowMinimumCharge, newCustomer, newId, newPaymentIntent, nowSeconds, type CheckoutSession, type Customer, type SessionExtras } from "./objects.ts";
import {
  attachPaymentMethod,
  confirmPaymentIntent,
  detachPaymentMethod,
  expireCheckoutSession,
  paymentMethodFor,
  refundPaymentIntent,
  type Context,
} from "./payments.ts";

export interface ApiRequest {
  method: string;
  /** The path below /v1, split: ["checkout", "sessions", "cs_test_…"]. */
  segments: string[];
  params: Params;
  /** Where the hosted checkout pages are served. */
  baseUrl: string;
}

type Handler = (context: Context, request: ApiRequest, id: string) => unknown;

/** `GET customers/:id` style routes; ":id" matches one segment, passed to the handler. */
const ROUTES: [method: string, pattern: string, handler: Handler][] = [
  ["POST", "customers", (context, request) => createCustomer(context, request.params)],
  ["GET", "customers/:id", (context, _request, id) => customerById(context, id)],
  ["POST", "customers/:id", (context, request, id) => updateCustomer(context, customerById(context, id), request.params)],
  ["GET", "customers/:id/payment_methods", (context, request, id) => listPaymentMethods(context, request, customerById(context, id).id)],
  ["POST", "checkout/sessions", (context, request) => createCheckoutSession(context, request)],
  ["GET", "checkout/sessions/:id", (context, _request, id) => checkoutSessionById(context, id)],
  ["POST", "checkout/sessions/:id/expire", (context, _request, id) => expire(context, id)],
  [
    "GET",
    "checkout/sessions/:id/line_items",
    (context, request, id) => listOf(lineItemsOf(context, checkoutSessionById(context, id)), request, `/v1/checkout/sessions/${id}/line_items`),
  ],
  ["POST", "payment_intents", (context, request) => createPaymentIntent(context, request.params)],
  ["GET", "payment_intents", (context, request) => listPaymentIntents(context, request)],
  ["GET", "payment_intents/:id", (context, _request, id) => found(context.store.paymentIntents.get(id), "payment_intent", id)],
  ["GET", "setup_intents/:id", (context, _request, id) => found(context.store.setupIntents.get(id), "setupintent", id)],
  ["GET", "payment_methods", (context, request) => listPaymentMethods(context, request, requiredString(request.params, "customer"))],
  ["GET", "payment_methods/:id", (context, _request, id) => found(context.store.paymentMethods.get(id), "PaymentMethod", id)],
  ["POST", "payment_methods/:id/attach", (context, request, id) => attach(context, request.params, id)],
  ["POST", "payment_methods/:id/detach", (context, _request, id) => detach(context, id)],
  ["POST", "refunds", (context, request) => createRefund(context, request.params)],
  ["GET", "refunds", (context, request) => listRefunds(context, request)],
  ["GET", "refunds/:id", (context, _request, id) => found(context.store.refunds.get(id), "refund", id)],
  ["GET", "charges/:id", (context, _request, id) => found(context.store.charges.get(id), "charge", id)],
  ["GET", "events", (context, request) => listEvents(context, request)],
  ["GET", "events/:id", (context, _request, id) => found(context.store.events.get(id), "event", id)],
];

/** Answers one API request with the object to return, or throws a StripeApiError. */
export function handleApiRequest(context: Context, request: ApiRequest): unknown {
  for (const [method, pattern, handler] of ROUTES) {
    const parts = pattern.split("/");
    if (method !== request.method || parts.length !== request.segments.length) continue;
    if (!parts.every((part, index) => part === ":id" || part === request.segments[index])) continue;
    const id = request.segments[parts.indexOf(":id")] ?? "";
    const answer = structuredClone(handler(context, request, id));
    return expand(context, answer, (optionalList(request.params, "expand") ?? []).map(String));
  }
  throw new StripeApiError(404, {
    type: "invalid_request_error",
    message: `Unrecognized request URL (${request.method}: /v1/${request.segments.join("/")}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  });
}

function found<T>(object: T | undefined, kind: string, id: string): T {
  if (!object) throw resourceMissing(kind, id);
  return object;
}

/** `expand[]=payment_intent`, `expand[]=payment_intent.latest_charge`, `expand[]=data.customer` on lists. */
function expand(context: Context, answer: unknown, paths: string[]): unknown {
  for (const path of paths) expandPath(context, answer, path.split("."));
  return answer;
}

function expandPath(context: Context, target: unknown, path: string[]): void {
  if (target === null || typeof target !== "object" || path.length === 0) return;
  const record = target as Record<string, unknown>;
  const [field, ...rest] = path as [string, ...string[]];
  if (record.object === "list" && field === "data") {
    for (const item of record.data as unknown[]) expandPath(context, item, rest);
    return;
  }
  if (field === "line_items" && record.object === "checkout.session") {
    const session = found(context.store.checkoutSessions.get(String(record.id)), "checkout.session", String(record.id));
    record.line_items = { object: "list", data: lineItemsOf(context, session), has_more: false, url: `/v1/checkout/sessions/${session.id}/line_items` };
    return;
  }
  if (!(field in record)) throw invalidRequest(`This property cannot be expanded (${field}).`, undefined, "expand");
  const value = record[field];
  if (typeof value === "string") {
    const object = context.store.find(value);
    if (!object) throw invalidRequest(`This property cannot be expanded (${field}).`, undefined, "expand");
    record[field] = structuredClone(object);
  }
  expandPath(context, record[field], rest);
}

/** Newest first, with limit, starting_after and ending_before, as Stripe pages lists. */
function listOf<T extends { id: string }>(items: T[], request: ApiRequest, url: string) {
  const limit = optionalInteger(request.params, "limit") ?? 10;
  if (limit < 1 || limit > 100) throw invalidRequest("Invalid limit: must be between 1 and 100", "parameter_invalid_integer", "limit");
  const newestFirst = [...items].reverse();
  const after = optionalString(request.params, "starting_after");
  const before = optionalString(request.params, "ending_before");
  let page: T[];
  let hasMore: boolean;
  if (before) {
    const end = newestFirst.findIndex((item) => item.id === before);
    if (end < 0) throw resourceMissing("object", before, "ending_before");
    page = newestFirst.slice(Math.max(0, end - limit), end);
    hasMore = end - limit > 0;
  } else {
    const start = after ? newestFirst.findIndex((item) => item.id === after) + 1 : 0;
    if (after && start === 0) throw resourceMissing("object", after, "starting_after");
    page = newestFirst.slice(start, start + limit);
    hasMore = start + limit < newestFirst.length;
  }
  return { object: "list" as const, data: page, has_more: hasMore, url };
}

const CUSTOMER_FIELDS = ["email", "name", "description", "phone", "metadata", "invoice_settings"] as const;

function customerById(context: Context, id: string): Customer {
  return found(context.store.customers.get(id), "customer", id);
}

function createCustomer(context: Context, params: Params): Customer {
  allowOnly(params, [...CUSTOMER_FIELDS, "payment_method"]);
  const customer = newCustomer({
    email: optionalString(params, "email"),
    name: optionalString(params, "name"),
    description: optionalString(params, "description"),
    phone: optionalString(params, "phone"),
    metadata: mergeMetadata({}, params),
  });
  context.store.customers.set(customer.id, customer);
  const paymentMethod = optionalString(params, "payment_method");
  if (paymentMethod) attachPaymentMethod(context, found(paymentMethodFor(context.store, paymentMethod), "PaymentMethod", paymentMethod), customer.id);
  setDefaultPaymentMethod(context, customer, params);
  return customer;
}

function updateCustomer(context: Context, customer: Customer, params: Params): Customer {
  allowOnly(params, CUSTOMER_FIELDS);
  for (const field of ["email", "name", "description", "phone"] as const) if (field in params) customer[field] = optionalString(params, field);
  customer.metadata = mergeMetadata(customer.metadata, params);
  setDefaultPaymentMethod(context, customer, params);
  return customer;
}

function setDefaultPaymentMethod(context: Context, customer: Customer, params: Params): void {
  const settings = optionalObject(params, "invoice_settings");
  if (!settings) return;
  allowOnly(settings, ["default_payment_method"], "invoice_settings");
  const id = optionalString(settings, "default_payment_method");
  if (id && context.store.paymentMethods.get(id)?.customer !== customer.id)
    throw invalidRequest(
      `No such PaymentMethod: '${id}'; It's possible this PaymentMethod exists on one of your connected accounts...`,
      "resource_missing",
      "invoice_settings[default_payment_method]",
    );
  customer.invoice_settings.default_payment_method = id;
}

function checkoutSessionById(context: Context, id: string): CheckoutSession {
  const session = found(context.store.checkoutSessions.get(id), "checkout.session", id);
  // An open session past its expires_at has expired, as Stripe expires it.
  if (session.status === "open" && session.expires_at <= nowSeconds()) expireCheckoutSession(context, session);
  return session;
}

function expire(context: Context, id: string): CheckoutSession {
  const session = checkoutSessionById(context, id);
  expireCheckoutSession(context, session);
  return session;
}

function createCheckoutSession(context: Context, request: ApiRequest): CheckoutSession {
  const { params } = request;
  allowOnly(params, [
    "mode",
    "line_items",
    "success_url",
    "cancel_url",
    "metadata",
    "client_reference_id",
    "customer",
    "customer_email",
    "customer_creation",
    "payment_intent_data",
    "setup_intent_data",
    "currency",
    "payment_method_types",
    "expires_at",
    "locale",
    "submit_type",
  ]);
  const mode = optionalEnum(params, "mode", ["payment", "setup", "subscription"] as const);
  if (!mode) throw invalidRequest("Missing required param: mode.", "parameter_missing", "mode");
  if (mode === "subscription") throw invalidRequest("The Stripe double does not support subscription mode.", "parameter_invalid_string", "mode");
  const successUrl = requiredString(params, "success_url");
  const customerId = optionalString(params, "customer");
  if (customerId) customerById(context, customerId);
  const customerEmail = optionalString(params, "customer_email");
  if (customerId && customerEmail)
    throw invalidRequest("You may only specify one of these parameters: customer, customer_email.", "parameter_invalid_string", "customer_email");
  const now = nowSeconds();
  const expiresAt = optionalInteger(params, "expires_at") ?? now + 24 * 3600;
  if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600)
    throw invalidRequest(
      "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
      "parameter_invalid_integer",
      "expires_at",
    );

  const lineItems = (optionalList(params, "line_items") ?? []).map((item, index) => lineItem(item, index));
  if (mode === "payment" && lineItems.length === 0) throw invalidRequest("Missing required param: line_items.", "parameter_missing", "line_items");
  if (mode === "setup" && lineItems.length > 0) throw invalidRequest("You cannot pass `line_items` in `setup` mode.", "parameter_invalid_array", "line_items");
  const currencies = new Set(lineItems.map((item) => item.currency));
  if (currencies.size > 1) throw invalidRequest("All line items must have the same currency.", "parameter_invalid_string", "line_items");
  const paymentIntentData = optionalObject(params, "payment_intent_data");
  const setupIntentData = optionalObject(params, "setup_intent_data");
  if (paymentIntentData && mode !== "payment")
    throw invalidRequest("You can only specify `payment_intent_data` in `payment` mode.", "parameter_unknown", "payment_intent_data");
  if (setupIntentData && mode !== "setup")
    throw invalidRequest("You can only specify `setup_intent_data` in `setup` mode.", "parameter_unknown", "setup_intent_data");
  if (paymentIntentData)
    allowOnly(paymentIntentData, ["metadata", "description", "setup_future_usage", "receipt_email", "statement_descriptor"], "payment_intent_data");
  if (setupIntentData) allowOnly(setupIntentData, ["metadata", "description"], "setup_intent_data");

  const amount = mode === "payment" ? lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0) : null;
  const tooSmall = amount === null ? null : belowMinimumCharge(amount, lineItems[0]!.currency);
  if (tooSmall)
    throw invalidRequest(`The Checkout Session's total amount due must add up to at least the minimum charge. ${tooSmall}.`, "amount_too_small", "line_items");
  const id = newId("cs_test_");
  const session: CheckoutSession = {
    id,
    object: "checkout.session",
    created: now,
    livemode: false,
    mode,
    amount_subtotal: amount,
    amount_total: amount,
    currency: lineItems[0]?.currency ?? optionalString(params, "currency")?.toLowerCase() ?? null,
    cancel_url: optionalString(params, "cancel_url"),
    success_url: successUrl,
    client_reference_id: optionalString(params, "client_reference_id"),
    customer: customerId,
    customer_email: customerEmail,
    customer_details: null,
    expires_at: expiresAt,
    metadata: mergeMetadata({}, params),
    payment_intent: null,
    setup_intent: null,
    payment_method_types: ["card"],
    payment_status: mode === "setup" ? "no_payment_required" : "unpaid",
    status: "open",
    url: `${request.baseUrl}/checkout/${id}`,
  };
  const extras: SessionExtras = {
    lineItems,
    paymentIntentData: {
      metadata: paymentIntentData ? mergeMetadata({}, paymentIntentData) : {},
      description: paymentIntentData ? optionalString(paymentIntentData, "description") : null,
      setupFutureUsage: paymentIntentData ? optionalEnum(paymentIntentData, "setup_future_usage", ["off_session", "on_session"] as const) : null,
    },
    setupIntentData: {
      metadata: setupIntentData ? mergeMetadata({}, setupIntentData) : {},
      description: setupIntentData ? optionalString(setupIntentData, "description") : null,
    },
    customerCreation: optionalEnum(params, "customer_creation", ["always", "if_required"] as const),
    lastError: null,
  };
  context.store.checkoutSessions.set(id, session);
  context.store.sessionExtras.set(id, extras);
  return session;
}

/** A session's line items as Stripe lists them, each with its one-off price. */
function lineItemsOf(context: Context, session: CheckoutSession) {
  const currency = session.currency ?? "gbp";
  return context.store.sessionExtras.get(session.id)!.lineItems.map((item) => ({
    id: item.id,
    object: "item" as const,
    amount_discount: 0,
    amount_subtotal: item.unitAmount * item.quantity,
    amount_tax: 0,
    amount_total: item.unitAmount * item.quantity,
    currency,
    description: item.name,
    quantity: item.quantity,
    price: {
      id: `price_${item.id.slice(3)}`,
      object: "price" as const,
      active: false,
      currency,
      type: "one_time" as const,
      unit_amount: item.unitAmount,
      product: `prod_${item.id.slice(3)}`,
    },
  }));
}

/** One `line_items[n]` with `price_data` (Glassroom sells no catalogue prices). */
function lineItem(item: unknown, index: number): SessionExtras["lineItems"][number] & { currency: string } {
  const prefix = `line_items[${index}]`;
  if (typeof item !== "object" || item === null || Array.isArray(item)) throw invalidRequest(`Invalid object: ${prefix}`, "parameter_invalid_object", prefix);
  const params = item as Params;
  allowOnly(params, ["price_data", "price", "quantity"], prefix);
  const price = optionalString(params, "price");
  if (price) throw resourceMissing("price", price, `${prefix}[price]`);
  const priceData = optionalObject(params, "price_data");
  if (!priceData) throw invalidRequest(`Missing required param: ${prefix}[price_data].`, "parameter_missing", `${prefix}[price_data]`);
  allowOnly(priceData, ["currency", "unit_amount", "unit_amount_decimal", "product_data", "tax_behavior"], `${prefix}[price_data]`);
  const productData = optionalObject(priceData, "product_data");
  if (!productData)
    throw invalidRequest(`Missing required param: ${prefix}[price_data][product_data].`, "parameter_missing", `${prefix}[price_data][product_data]`);
  allowOnly(productData, ["name", "description", "metadata"], `${prefix}[price_data][product_data]`);
  const decimal = optionalString(priceData, "unit_amount_decimal");
  if (decimal !== null && !/^\d+$/.test(decimal))
    throw invalidRequest(
      "The double takes unit_amount_decimal in whole minor units only.",
      "parameter_invalid_string",
      `${prefix}[price_data][unit_amount_decimal]`,
    );
  const unitAmount = decimal !== null ? Number(decimal) : requiredInteger(priceData, "unit_amount", `${prefix}[price_data]`);
  const quantity = requiredInteger(params, "quantity", prefix);
  if (unitAmount < 0 || quantity < 1) throw invalidRequest("Invalid positive integer", "parameter_invalid_integer", prefix);
  return {
    id: newId("li_"),
    name: requiredString(productData, "name", `${prefix}[price_data][product_data]`),
    quantity,
    unitAmount,
    currency: requiredString(priceData, "currency", `${prefix}[price_data]`).toLowerCase(),
  };
}

function createPaymentIntent(context: Context, params: Params): unknown {
  allowOnly(params, [
    "amount",
    "currency",
    "customer",
    "payment_method",
    "payment_method_types",
    "confirm",
    "off_session",
    "metadata",
    "description",
    "setup_future_usage",
    "receipt_email",
    "automatic_payment_methods",
    "error_on_requires_action",
    "return_url",
  ]);
  const amount = requiredInteger(params, "amount");
  if (amount < 1) throw invalidRequest("This value must be greater than or equal to 1.", "parameter_invalid_integer", "amount");
  const customerId = optionalString(params, "customer");
  if (customerId) customerById(context, customerId);
  const confirm = optionalBoolean(params, "confirm") ?? false;
  const offSession = optionalString(params, "off_session");
  if (offSession !== null && !confirm)
    throw invalidRequest("You can only pass `off_session` when `confirm` is set to true.", "parameter_invalid_boolean", "off_session");
  const methodId = optionalString(params, "payment_method");
  const method = methodId ? found(paymentMethodFor(context.store, methodId), "PaymentMethod", methodId) : null;
  if (method && customerId && method.customer && method.customer !== customerId)
    throw invalidRequest(
      `The provided PaymentMethod ${method.id} was previously attached to a different Customer.`,
      "payment_method_unexpected_state",
      "payment_method",
    );
  const currency = requiredString(params, "currency").toLowerCase();
  const tooSmall = belowMinimumCharge(amount, currency);
  if (tooSmall) throw invalidRequest(tooSmall, "amount_too_small", "amount");
  const intent = newPaymentIntent({
    amount,
    currency,
    customer: customerId,
    description: optionalString(params, "description"),
    metadata: mergeMetadata({}, params),
    payment_method: method?.id ?? null,
    setup_future_usage: optionalEnum(params, "setup_future_usage", ["off_session", "on_session"] as const),
    receipt_email: optionalString(params, "receipt_email"),
  });
  context.store.paymentIntents.set(intent.id, intent);
  if (!confirm) return intent;
  if (!method)
    throw invalidRequest(
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
      "payment_intent_unexpected_state",
    );
  const error = confirmPaymentIntent(context, intent, method);
  if (error)
    throw new StripeApiError(402, {
      ...error,
      param: "",
      payment_intent: structuredClone(intent),
      doc_url: `https://stripe.com/docs/error-codes/${error.code.replaceAll("_", "-")}`,
    });
  return intent;
}

function listPaymentIntents(context: Context, request: ApiRequest): unknown {
  allowOnly(request.params, ["customer", "limit", "starting_after", "ending_before"]);
  const customer = optionalString(request.params, "customer");
  const intents = [...context.store.paymentIntents.values()].filter((intent) => !customer || intent.customer === customer);
  return listOf(intents, request, "/v1/payment_intents");
}

function listPaymentMethods(context: Context, request: ApiRequest, customerId: string): unknown {
  allowOnly(request.params, ["customer", "type", "limit", "starting_after", "ending_before"]);
  const type = optionalString(request.params, "type");
  const methods = [...context.store.paymentMethods.values()].filter((method) => method.customer === customerId && (!type || method.type === type));
  return listOf(methods, request, request.segments[0] === "customers" ? `/v1/customers/${customerId}/payment_methods` : "/v1/payment_methods");
}

function attach(context: Context, params: Params, id: string): unknown {
  allowOnly(params, ["customer"]);
  const method = found(paymentMethodFor(context.store, id), "PaymentMethod", id);
  attachPaymentMethod(context, method, customerById(context, requiredString(params, "customer")).id);
  return method;
}

function detach(context: Context, id: string): unknown {
  const method = found(context.store.paymentMethods.get(id), "PaymentMethod", id);
  detachPaymentMethod(context, method);
  return method;
}

function createRefund(context: Context, params: Params): unknown {
  allowOnly(params, ["payment_intent", "charge", "amount", "reason", "metadata"]);
  const chargeId = optionalString(params, "charge");
  const intentId =
    optionalString(params, "payment_intent") ?? (chargeId ? found(context.store.charges.get(chargeId), "charge", chargeId).payment_intent : null);
  if (!intentId)
    throw invalidRequest("One of the following params should be provided for this request: payment_intent or charge.", "parameter_missing", "payment_intent");
  const intent = found(context.store.paymentIntents.get(intentId), "payment_intent", intentId);
  return refundPaymentIntent(context, intent, {
    amount: optionalInteger(params, "amount"),
    reason: optionalEnum(params, "reason", ["duplicate", "fraudulent", "requested_by_customer"] as const),
    metadata: mergeMetadata({}, params),
  });
}

/** `GET /v1/refunds`: all refunds, or those of one PaymentIntent or Charge (newest first, as listOf pages). */
function listRefunds(context: Context, request: ApiRequest): unknown {
  allowOnly(request.params, ["payment_intent", "charge", "limit", "starting_after", "ending_before", "created"]);
  const intentId = optionalString(request.params, "payment_intent");
  const chargeId = optionalString(request.params, "charge");
  const refunds = [...context.store.refunds.values()].filter(
    (refund) => (!intentId || refund.payment_intent === intentId) && (!chargeId || refund.charge === chargeId),
  );
  return listOf(refunds, request, "/v1/refunds");
}

function listEvents(context: Context, request: ApiRequest): unknown {
  allowOnly(request.params, ["type", "types", "limit", "starting_after", "ending_before", "created", "delivery_success"]);
  const type = optionalString(request.params, "type");
  const events = [...context.store.events.values()].filter((event) => !type || event.type === type);
  return listOf(events, request, "/v1/events");
}
