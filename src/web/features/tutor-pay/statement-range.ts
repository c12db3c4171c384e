import { useState } from "react";
import { statementQuerySchema, type StatementQuery } from "../../../shared/schemas/tutor-pay.ts";
import { useUrlSearchParams } from "../../lib/url-search-params.ts";

export interface StatementRange {
  /** The range to ask for: the URL's (the last valid one while it is not), {} for the last 90 days. */
  query: StatementQuery;
  /** The days as typed (the URL's), empty when not chosen. */
  from: string;
  to: string;
  /** A field's message when the typed range cannot be asked for. */
  errors: Partial<Record<"from" | "to", string>>;
  /** Both days: a change of one keeps the other as shown, so that the two are checked together. */
  set: (days: { from: string; to: string }) => void;
}

/**
 * A statement's days in the URL (?from=&to=), so that a reload, Back and a shared link show the
 * same ones; the API's last 90 days until some are chosen. A range the API would refuse is not
 * asked for: its message shows on the field instead. Each change replaces the history entry.
 */
export function useStatementRange(): StatementRange {
  const [params, setParams] = useUrlSearchParams();
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const typed = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const checked = statementQuerySchema.safeParse(typed);
  // While the typed range cannot be asked for, the last one that could stays on the screen.
  const [lastValid, setLastValid] = useState<StatementQuery>({});
  if (checked.success && JSON.stringify(checked.data) !== JSON.stringify(lastValid)) setLastValid(checked.data);
  const errors: StatementRange["errors"] = {};
  if (!checked.success) for (const issue of checked.error.issues) errors[issue.path[0] === "from" ? "from" : "to"] ??= issue.message;
  const set = (days: { from: string; to: string }) =>
    setParams(
      (next) => {
        for (const field of ["from", "to"] as const) {
          if (days[field]) next.set(field, days[field]);
          else next.delete(field);
        }
      },
      { replace: true, preventScrollReset: true },
    );
  return { query: checked.success ? checked.data : lastValid, from, to, errors, set };
}
