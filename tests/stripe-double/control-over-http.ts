import type http from "node:http";
import { readBody, sendJson } from "./http.ts";
import type { CardChoice, DeliverOptions, Outage, StripeDoubleControl } from "./index.ts";

/**
 * The control calls over HTTP, for a double in another process: POST /_double/<call> with a
 * JSON body, GET for the lists. A refused-connections outage needs `durationMs`, since nothing
 * would be listening to end it.
 */
export async function controlOverHttp(control: StripeDoubleControl, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
  const body = await readBody(req);
  const input = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
  const call = `${req.method} ${url.pathname.slice("/_double/".length)}`;
  const reply = (value: unknown) => sendJson(res, 200, JSON.stringify(value ?? { ok: true }, null, 2));
  try {
    switch (call) {
      case "POST webhook-endpoint":
        return reply(control.setWebhookEndpoint((input.url as string | null) ?? null));
      case "POST card-outcome":
        return reply(
          control.setCardOutcome(String(input.paymentMethodId), input.outcome as "succeeds" | "declined" | "async", input.declineCode as string | undefined),
        );
      case "POST complete-checkout":
        return reply(control.completeCheckout(String(input.sessionId), input.card as CardChoice | undefined));
      case "POST settle-async-payment":
        return reply(control.settleAsyncPayment(String(input.id), input.outcome as "succeeded" | "failed"));
      case "POST hold":
        return reply(control.hold());
      case "GET held-events":
        return reply(control.heldEvents());
      case "POST deliver":
        return reply(await control.deliver(input as DeliverOptions));
      case "POST release":
        return reply(await control.release(input as DeliverOptions));
      case "POST resend":
        return reply(await control.resend(String(input.eventId)));
      case "GET events":
        return reply(control.events(url.searchParams.get("type") ?? undefined));
      case "GET deliveries":
        return reply(control.deliveries());
      case "POST idle":
        return reply(await control.idle());
      case "POST outage": {
        const kind = (input.kind as Outage | null) ?? null;
        const durationMs = Number(input.durationMs ?? 0);
        if (kind === "refused" && !durationMs) throw new Error("a refused-connections outage over HTTP needs durationMs");
        await control.outage(kind);
        if (durationMs) setTimeout(() => void control.outage(null), durationMs);
        return reply({ ok: true });
      }
      default:
        return sendJson(res, 404, JSON.stringify({ error: `no control call ${call}` }));
    }
  } catch (error) {
    return sendJson(res, 400, JSON.stringify({ error: String((error as Error).message ?? error) }));
  }
}
