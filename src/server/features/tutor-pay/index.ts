/**
 * Tutor pay: what each session earns its tutor (kept in step with the session, like its
 * billing), adjustments, statements and pay runs. Other features call earnSession where a
 * session's billing may change (a report filed or corrected, a session cancelled).
 */
export { tutorPayRoutes } from "./routes.ts";
export { earnSession } from "./earnings.ts";
export { statementEarningsQuery } from "./statements.ts";
