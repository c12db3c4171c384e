/**
 * The double's stand-in for Stripe's hosted Checkout page, at the session's `url`
 * (`/checkout/<cs_id>`): what is being bought, a choice of test card, and "Pay" (or "Save card"
 * in setup mode) and "Cancel" buttons, as plain accessible HTML forms that a browser test can
 * complete and a unit test can post with fetch:
 *   POST /checkout/<cs_id>/pay     card=succeeds|declined|async|charges_fail_later, email, name
 *   POST /checkout/<cs_id>/cancel
 * Both answer 303 to the session's success_url (with {CHECKOUT_SESSION_ID} filled in) or
 * cancel_url; a declined card answers 402 with the page again, its decline in an alert.
 */
import { formatMoney } from "../../src/shared/money.ts";
import type { CheckoutSession, SessionExtras } from "./objects.ts";
import type { CardChoice } from "./payments.ts";

const CHOICES: { value: CardChoice; label: string; modes: CheckoutSession["mode"][] }[] = [
  { value: "succeeds", label: "Visa ending 4242: succeeds", modes: ["payment", "setup"] },
  { value: "declined", label: "Visa ending 0002: declined", modes: ["payment", "setup"] },
  { value: "async", label: "Bacs Direct Debit: requires async (the payment settles later)", modes: ["payment"] },
  { value: "charges_fail_later", label: "Visa ending 0341: saved, but later charges are declined", modes: ["setup"] },
];

export const isCardChoice = (value: string): value is CardChoice => CHOICES.some((choice) => choice.value === value);

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} – Stripe test double</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; }
  fieldset { border: 1px solid #888; border-radius: 6px; margin: 1rem 0; }
  label { display: block; margin: 0.5rem 0; }
  input[type="email"], input[type="text"] { width: 100%; padding: 0.4rem; box-sizing: border-box; }
  button { font-size: 1rem; padding: 0.6rem 1.2rem; margin-top: 0.5rem; }
  [role="alert"] { border: 2px solid #b00020; color: #b00020; padding: 0.5rem; border-radius: 6px; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export function checkoutPage(session: CheckoutSession, extras: SessionExtras): string {
  if (session.status !== "open") {
    const why = session.status === "complete" ? "This checkout is already complete." : "This checkout session has expired.";
    return page("Checkout unavailable", `<h1>Checkout unavailable</h1>\n<p>${why}</p>`);
  }
  const currency = (session.currency ?? "gbp").toUpperCase();
  const total = session.amount_total === null ? null : formatMoney(session.amount_total, currency, "en-GB");
  const heading = total === null ? "Save a card" : `Pay ${total}`;
  const items = extras.lineItems
    .map((item) => `<li>${escape(item.name)} × ${item.quantity}: ${formatMoney(item.unitAmount * item.quantity, currency, "en-GB")}</li>`)
    .join("\n");
  const choices = CHOICES.filter((choice) => choice.modes.includes(session.mode))
    .map((choice, index) => `<label><input type="radio" name="card" value="${choice.value}"${index === 0 ? " checked" : ""}> ${escape(choice.label)}</label>`)
    .join("\n");
  const cancel = session.cancel_url ? `<form method="post" action="/checkout/${session.id}/cancel"><button type="submit">Cancel</button></form>` : "";
  return page(
    heading,
    `<h1>${escape(heading)}</h1>
<p>A test checkout: no real card is charged.</p>
${items ? `<ul aria-label="What you are paying for">\n${items}\n</ul>` : ""}
${extras.lastError ? `<div role="alert">${escape(extras.lastError)}</div>` : ""}
<form method="post" action="/checkout/${session.id}/pay">
<fieldset>
<legend>Test card</legend>
${choices}
</fieldset>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${escape(session.customer_email ?? "payer@example.com")}">
<label for="name">Name on card</label>
<input id="name" name="name" type="text" autocomplete="cc-name" value="Test Payer">
<button type="submit">${total === null ? "Save card" : `Pay ${escape(total)}`}</button>
</form>
${cancel}`,
  );
}
