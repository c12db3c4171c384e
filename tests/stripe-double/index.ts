/**
 * A Stripe test double over real HTTP, for the official `stripe` library pointed at it with
 * `new Stripe(double.secretKey, double.stripeConfig)`. It speaks Stripe's v1 API for the calls
 * Glassroom makes (api.ts), keeps their objects in memory (objects.ts), serves a hosted
 * checkout page (hosted-page.ts) and posts signed webhooks to one endpoint (webhooks.ts).
 * As Stripe does, it refuses a wrong secret key (401) and honours Idempotency-Key: the same key
 * with the same parameters replays the first answer, with others it is a 400 idempotency_error.
 *
 * Tests steer it with `double.control` in-process, or, when it runs as its own process
 * (scripts/stripe-double.ts), with the same calls over HTTP under /_double/ (controlOverHttp).
 * No test-runner imports here.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { checkoutPage, isCardChoice } from "./hosted-page.ts";
import { handleApiRequest } from "./api.ts";
import { newId, Store, type StripeEvent } from "./objects.ts";
import { parseParams, StripeApiError } from "./params.ts";
import { expireCheckoutSession, payCheckoutSession, settleAsyncPayment, type CardChoice, type CheckoutResult, type Context } from "./payments.ts";
import { Webhooks, type DeliverOptions, type Delivery } from "./webhooks.ts";
import { controlOverHttp } from "./control-over-http.ts";
import { readBody, sendJson } from "./http.ts";

export type { Delivery, DeliverOptions } from "./webhooks.ts";
export type { StripeEvent } from "./objects.ts";
export { loadStore, storeToJson } from "./objects.ts";
export type { CardChoice, CheckoutResult } from "./payments.ts";

/** What makes every API call fail: answering 500, or refusing connections (nothing listens). */
export type Outage = "500" | "refused";

export interface StripeDoubleControl {
  /** Where events are posted (null: recorded, posted nowhere). */
  setWebhookEndpoint(url: string | null): void;
  /** How charges to a saved payment method end from now on; a decline carries `declineCode` (card_declined by default). */
  setCardOutcome(paymentMethodId: string, outcome: "succeeds" | "declined" | "async", declineCode?: string): void;
  /**
   * Pays an open session as its hosted page does with `card` (what POST /checkout/<id>/pay
   * does, for a test that has no use for the page): where the browser would go, or the decline.
   */
  completeCheckout(sessionId: string, card?: CardChoice): CheckoutResult;
  /** Ends a delayed ("requires async") payment, by its payment intent or Checkout Session id. */
  settleAsyncPayment(id: string, outcome: "succeeded" | "failed"): void;
  /** Events wait instead of being posted, until deliver() or release(). */
  hold(): void;
  heldEvents(): StripeEvent[];
  /** Posts the held events, each 1 + `duplicate` times, newest first with `reorder`, `delayMs` apart; keeps holding. */
  deliver(options?: DeliverOptions): Promise<Delivery[]>;
  /** deliver(), then back to posting each event as it happens. */
  release(options?: DeliverOptions): Promise<Delivery[]>;
  /** Posts an event again (as Stripe retries one the endpoint did not accept). */
  resend(eventId: string): Promise<Delivery>;
  /** Every event so far, oldest first, optionally of one type. */
  events(type?: string): StripeEvent[];
  /** Every post to the webhook endpoint so far and the endpoint's answer. */
  deliveries(): Delivery[];
  /** Resolves when no webhook post is in flight. */
  idle(): Promise<void>;
  /** Every API call answers 500, or connections are refused, until outage(null). */
  outage(kind: Outage | null): Promise<void>;
}

export interface StripeDouble {
  url: string;
  port: number;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The API version answered: the one the installed library pins. */
  apiVersion: string;
  /** The second argument of `new Stripe(secretKey, …)` that points the library here. */
  stripeConfig: { host: string; port: number; protocol: "http" };
  store: Store;
  control: StripeDoubleControl;
  /** Every API and page request as "METHOD /path status", in order. */
  log: string[];
  close(): Promise<void>;
}

export interface StripeDoubleOptions {
  port?: number;
  /** 127.0.0.1 unless told. */
  host?: string;
  webhookUrl?: string | null;
  secretKey?: string;
  webhookSecret?: string;
}

interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: string;
}

const API_VERSION: string = Stripe.API_VERSION;

const errorJson = (error: StripeApiError, requestId: string) =>
  JSON.stringify({ error: { ...error.body, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` } }, null, 2);

export async function startStripeDouble(options: StripeDoubleOptions = {}): Promise<StripeDouble> {
  const host = options.host ?? "127.0.0.1";
  const secretKey = options.secretKey ?? "sk_test_GlassroomStripeDouble";
  const store = new Store();
  const webhooks = new Webhooks({
    endpointUrl: options.webhookUrl ?? null,
    secret: options.webhookSecret ?? "whsec_GlassroomStripeDouble",
    apiVersion: API_VERSION,
  });
  const idempotentAnswers = new Map<string, StoredAnswer>();
  const log: string[] = [];
  let outage: Outage | null = null;
  let port = options.port ?? 0;
  const baseUrl = () => `http://${host}:${port}`;
  const controlContext = (): Context => ({ store, webhooks, request: { id: null, idempotency_key: null } });

  async function answerApi(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const requestId = newId("req_");
    const headers: Record<string, string> = { "request-id": requestId, "stripe-version": String(req.headers["stripe-version"] ?? API_VERSION) };
    const body = await readBody(req);
    if (outage === "500")
      return sendJson(
        res,
        500,
        errorJson(new StripeApiError(500, { type: "api_error", message: "An unknown error occurred (simulated outage)." }), requestId),
        headers,
      );
    const authorization = String(req.headers.authorization ?? "");
    const key = authorization.startsWith("Bearer ") ? authorization.slice("Bearer ".length) : "";
    if (key !== secretKey) {
      const message = key
        ? `Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
      return sendJson(res, 401, errorJson(new StripeApiError(401, { type: "invalid_request_error", message }), requestId), headers);
    }
    const method = req.method ?? "GET";
    const idempotencyKey = method === "POST" ? (req.headers["idempotency-key"] as string | undefined) : undefined;
    try {
      const params = parseParams(method === "POST" ? body : url.search.slice(1));
      // Stripe compares the parameters, not their order on the wire.
      const fingerprint = `${method} ${url.pathname} ${JSON.stringify(sortKeys(params))}`;
      if (idempotencyKey) {
        headers["idempotency-key"] = idempotencyKey;
        const earlier = idempotentAnswers.get(idempotencyKey);
        if (earlier && earlier.fingerprint !== fingerprint)
          throw new StripeApiError(400, {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        if (earlier) return sendJson(res, earlier.status, earlier.body, { ...headers, "idempotent-replayed": "true" });
      }
      const context: Context = { store, webhooks, request: { id: requestId, idempotency_key: idempotencyKey ?? null } };
      let status = 200;
      let answer: string;
      try {
        answer = JSON.stringify(
          handleApiRequest(context, { method, segments: url.pathname.split("/").slice(2).map(decodeURIComponent), params, baseUrl: baseUrl() }),
          null,
          2,
        );
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        // Stripe keeps no answer for a request refused before it ran (bad parameters).
        if (String(error.body.code ?? "").startsWith("parameter_") || error.body.type === "idempotency_error") throw error;
        status = error.status;
        answer = errorJson(error, requestId);
      }
      if (idempotencyKey) idempotentAnswers.set(idempotencyKey, { fingerprint, status, body: answer });
      return sendJson(res, status, answer, headers);
    } catch (error) {
      if (error instanceof StripeApiError) return sendJson(res, error.status, errorJson(error, requestId), headers);
      console.error("stripe double: unexpected error", error);
      return sendJson(res, 500, errorJson(new StripeApiError(500, { type: "api_error", message: String(error) }), requestId), headers);
    }
  }

  async function answerCheckoutPage(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const [, , sessionId = "", action = ""] = url.pathname.split("/");
    const form = new URLSearchParams(await readBody(req));
    const session = store.checkoutSessions.get(sessionId);
    const extras = store.sessionExtras.get(sessionId);
    const html = (status: number, text: string) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(text) });
      res.end(text);
    };
    const redirect = (location: string) => void res.writeHead(303, { location }).end();
    if (!session || !extras) return html(404, "<!doctype html><title>Not found</title><h1>No such checkout session</h1>");
    if (session.status === "open" && session.expires_at * 1000 <= Date.now()) expireCheckoutSession(controlContext(), session);
    if (req.method === "GET" && action === "") return html(session.status === "open" ? 200 : 410, checkoutPage(session, extras));
    if (req.method !== "POST" || session.status !== "open") return html(session.status === "open" ? 405 : 410, checkoutPage(session, extras));
    if (action === "cancel") return session.cancel_url ? redirect(session.cancel_url) : html(404, checkoutPage(session, extras));
    const card = form.get("card") ?? "succeeds";
    if (action !== "pay" || !isCardChoice(card)) return html(400, checkoutPage(session, extras));
    const result = payCheckoutSession(controlContext(), session, card, {
      email: form.get("email") || "payer@example.com",
      name: form.get("name") || "Test Payer",
    });
    if ("declined" in result) {
      extras.lastError = result.declined;
      return html(402, checkoutPage(session, extras));
    }
    extras.lastError = null;
    return redirect(result.redirectTo);
  }

  const server = http.createServer((req, res) => {
    if (outage === "refused") return void req.socket.destroy();
    const url = new URL(req.url ?? "/", "http://double");
    res.on("finish", () => log.push(`${req.method} ${url.pathname} ${res.statusCode}`));
    const answer = url.pathname.startsWith("/v1/")
      ? answerApi(req, res, url)
      : url.pathname.startsWith("/checkout/")
        ? answerCheckoutPage(req, res, url)
        : url.pathname.startsWith("/_double/")
          ? controlOverHttp(control, req, res, url)
          : Promise.resolve(void sendJson(res, 404, JSON.stringify({ error: { type: "invalid_request_error", message: "Not found" } })));
    answer.catch((error: unknown) => {
      console.error("stripe double: unexpected error", error);
      if (!res.headersSent) sendJson(res, 500, JSON.stringify({ error: { type: "api_error", message: String(error) } }));
    });
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject).listen(port, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen();
  port = (server.address() as AddressInfo).port;

  const control: StripeDoubleControl = {
    setWebhookEndpoint: (url) => {
      webhooks.endpointUrl = url;
    },
    setCardOutcome: (paymentMethodId, outcome, declineCode = "card_declined") => {
      if (!store.paymentMethods.has(paymentMethodId)) throw new Error(`no payment method ${paymentMethodId}`);
      store.cardOutcomes.set(paymentMethodId, outcome === "declined" ? { kind: "declined", declineCode } : { kind: outcome });
    },
    completeCheckout: (sessionId, card = "succeeds") => {
      const session = store.checkoutSessions.get(sessionId);
      if (session?.status !== "open") throw new Error(`no open checkout session ${sessionId}`);
      return payCheckoutSession(controlContext(), session, card, { email: session.customer_email ?? "payer@example.com", name: "Test Payer" });
    },
    settleAsyncPayment: (id, outcome) => {
      const intentId = id.startsWith("cs_") ? store.checkoutSessions.get(id)?.payment_intent : id;
      const intent = store.paymentIntents.get(intentId ?? "");
      if (!intent) throw new Error(`no payment intent for ${id}`);
      settleAsyncPayment(controlContext(), intent, outcome);
    },
    hold: () => webhooks.hold(),
    heldEvents: () => webhooks.heldEvents(),
    deliver: (deliverOptions) => webhooks.deliver(deliverOptions),
    release: (deliverOptions) => webhooks.release(deliverOptions),
    resend: (eventId) => {
      const event = store.events.get(eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      return webhooks.resend(event);
    },
    events: (type) => [...store.events.values()].filter((event) => !type || event.type === type),
    deliveries: () => [...webhooks.deliveries],
    idle: () => webhooks.idle(),
    outage: async (kind) => {
      const wasRefusing = outage === "refused";
      outage = kind;
      if (kind === "refused" && !wasRefusing) {
        // Stop accepting connections at once; kept-alive ones are closed when idle, or when their
        // next request arrives (the request handler), so a call in flight (the HTTP control's) can answer.
        server.close();
        server.closeIdleConnections();
      }
      if (kind !== "refused" && wasRefusing) await listen();
    },
  };

  return {
    url: baseUrl(),
    port,
    secretKey,
    publishableKey: "pk_test_GlassroomStripeDouble",
    webhookSecret: webhooks.secret,
    apiVersion: API_VERSION,
    stripeConfig: { host, port, protocol: "http" },
    store,
    control,
    log,
    close: async () => {
      await webhooks.idle();
      server.closeAllConnections();
      if (outage !== "refused") await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}
