export { leadRoutes } from "./routes.ts";
export { leadPurgeJob } from "./purge-job.ts";
