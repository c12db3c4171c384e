import { HONEYPOT_FIELD } from "../../../shared/schemas/enquiry-options.ts";

/**
 * The spam trap (shared/schemas/enquiry-options.ts): off screen, hidden from screen readers
 * and out of the tab order, so people never fill it; robots that fill every field do.
 */
export function Honeypot() {
  return (
    <div aria-hidden="true" style={{ position: "absolute", left: "-10000px", top: "auto", width: 1, height: 1, overflow: "hidden" }}>
      <label htmlFor={`enquiry-${HONEYPOT_FIELD}`}>Leave this field empty</label>
      <input id={`enquiry-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
