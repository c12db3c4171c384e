/**
 * The double's events and their delivery to one webhook endpoint, signed as Stripe signs them:
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the
 * endpoint secret>`, computed here with node:crypto so that a test verifying with the official
 * library checks the double independently. Each event's data is a snapshot taken when it
 * happened, as Stripe's are, so a late or reordered delivery carries the old state.
 *
 * By default every event is posted once, in order, as soon as it happens. A test can hold
 * events and then deliver them duplicated, reordered or late, or resend one.
 */
import { createHmac } from "node:crypto";
import { newId, nowSeconds, type StripeEvent } from "./objects.ts";

export interface Delivery {
  eventId: string;
  type: string;
  /** The endpoint's HTTP status, or null when it could not be reached. */
  status: number | null;
  /** The endpoint's answer (its first 2,000 characters), or why it could not be reached. */
  response: string;
  at: Date;
}

export interface DeliverOptions {
  /** Each event is posted this many extra times (1: twice in all). */
  duplicate?: number;
  /** Post the events newest first. */
  reorder?: boolean;
  /** Wait this long before each post. */
  delayMs?: number;
}

export function signatureHeader(payload: string, secret: string, timestamp = nowSeconds()): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export class Webhooks {
  endpointUrl: string | null;
  readonly secret: string;
  readonly apiVersion: string;
  /** Every post to the endpoint, in the order they were answered. */
  readonly deliveries: Delivery[] = [];
  private holding = false;
  private held: StripeEvent[] = [];
  /** Automatic posts go one after another, so that events arrive in the order they happened. */
  private queue: Promise<void> = Promise.resolve();
  private inFlight = new Set<Promise<unknown>>();

  constructor(options: { endpointUrl: string | null; secret: string; apiVersion: string }) {
    this.endpointUrl = options.endpointUrl;
    this.secret = options.secret;
    this.apiVersion = options.apiVersion;
  }

  /** Records an event of `type` about `object` and posts it (or holds it). */
  create(
    events: Map<string, StripeEvent>,
    type: string,
    object: object,
    request: StripeEvent["request"] = { id: null, idempotency_key: null },
    previousAttributes?: Record<string, unknown>,
  ): StripeEvent {
    const event: StripeEvent = {
      id: newId("evt_"),
      object: "event",
      api_version: this.apiVersion,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: this.endpointUrl ? 1 : 0,
      request,
      type,
      data: { object: structuredClone(object) as Record<string, unknown>, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
    };
    events.set(event.id, event);
    if (!this.endpointUrl) return event;
    if (this.holding) this.held.push(event);
    else this.track((this.queue = this.queue.then(() => this.post(event)).then(() => undefined)));
    return event;
  }

  /** From now on events wait until deliver() or release(). */
  hold(): void {
    this.holding = true;
  }

  /** The events waiting to be delivered. */
  heldEvents(): StripeEvent[] {
    return [...this.held];
  }

  /** Posts the held events (they stay held after this call: new events keep waiting). */
  deliver(options: DeliverOptions = {}): Promise<Delivery[]> {
    const events = options.reorder ? [...this.held].reverse() : [...this.held];
    this.held = [];
    const posts = events.flatMap((event) => Array.from({ length: 1 + (options.duplicate ?? 0) }, () => event));
    return this.track(
      (async () => {
        const made: Delivery[] = [];
        for (const event of posts) {
          if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
          made.push(await this.post(event));
        }
        return made;
      })(),
    );
  }

  /** Delivers what is held and goes back to posting each event as it happens. */
  async release(options: DeliverOptions = {}): Promise<Delivery[]> {
    this.holding = false;
    return this.deliver(options);
  }

  /** Posts an event again, as Stripe retries one its endpoint did not accept. */
  resend(event: StripeEvent): Promise<Delivery> {
    return this.track(this.post(event));
  }

  /** Resolves once no post is in flight. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  private async post(event: StripeEvent): Promise<Delivery> {
    // Stripe sends the event pretty-printed; the signature covers these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    let delivery: Delivery;
    try {
      if (!this.endpointUrl) throw new Error("no webhook endpoint is configured");
      const response = await fetch(this.endpointUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "stripe-signature": signatureHeader(payload, this.secret),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      delivery = { eventId: event.id, type: event.type, status: response.status, response: (await response.text()).slice(0, 2000), at: new Date() };
    } catch (error) {
      delivery = { eventId: event.id, type: event.type, status: null, response: String((error as Error).cause ?? error), at: new Date() };
    }
    this.deliveries.push(delivery);
    return delivery;
  }
}
