/**
 * Student health: each student's risk card, scored by the workspace's published rules and kept
 * up to date by the due and nightly jobs. Other features mark a card due with markHealthDue
 * (core/health-due.ts) in the transaction that changes its input.
 */
export { healthDueJob } from "./due-job.ts";
export { healthNightlyJob } from "./nightly-job.ts";
export { alertDigestJob } from "./alert-digest-job.ts";
export { reportWatchJob } from "./report-watch-job.ts";
export { healthRulesPreviewQueue } from "./preview-job.ts";
export { studentHealthRoutes } from "./routes.ts";
export { alertRoutes } from "./alert-routes.ts";
export { recomputeStudents } from "./recompute.ts";
