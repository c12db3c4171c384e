/** The full workspace export: its routes, the job that builds an archive and the hourly clean-up. */
export { workspaceExportRoutes } from "./routes.ts";
export { workspaceExportQueue } from "./export-job.ts";
export { exportCleanupJob } from "./cleanup-job.ts";
