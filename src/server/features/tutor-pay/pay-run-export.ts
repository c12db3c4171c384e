/**
 * A pay run as a CSV file for payroll (RFC 4180, UTF-8 with a byte order mark): one row per
 * line, tutor by tutor. Amounts are decimals of the workspace currency; shares are percent.
 */
import { minorToDecimal } from "../../../shared/money.ts";
import { BYTE_ORDER_MARK, csvNumber, csvRow } from "../../core/csv.ts";
import type { PayRun } from "../../../shared/schemas/tutor-pay.ts";

export const PAY_RUN_CSV_COLUMNS = [
  "Period from",
  "Period to",
  "Run status",
  "Tutor",
  "Tutor member id",
  "Date",
  "Kind",
  "Description",
  "Minutes",
  "Hourly rate",
  "Share %",
  "Amount",
  "Currency",
  "Paid on",
  "Reference",
];

export function payRunCsv(run: PayRun): string {
  const money = (minor: number | null) => (minor === null ? null : csvNumber(minorToDecimal(minor, run.currency)));
  const rows = run.tutors.flatMap((tutor) =>
    tutor.lines.map((line) =>
      csvRow([
        run.periodFrom,
        run.periodTo,
        run.status,
        tutor.tutorName,
        tutor.tutorMemberId,
        line.earnedOn,
        line.kind,
        line.description,
        line.minutes === null ? null : csvNumber(line.minutes),
        money(line.rateMinor),
        line.shareBps === null ? null : csvNumber(String(line.shareBps / 100)),
        money(line.amountMinor),
        run.currency,
        run.paidOn,
        run.paidReference,
      ]),
    ),
  );
  return BYTE_ORDER_MARK + csvRow(PAY_RUN_CSV_COLUMNS) + rows.join("");
}
