/** Session reports and family summaries: the routes, and a student's session history (for the record export). */
export { type SessionHistoryEntry, sessionHistoryOf } from "./history.ts";
export { sessionReportRoutes } from "./routes.ts";
export { fileReport, readReport } from "./service.ts";
