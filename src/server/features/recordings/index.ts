/** Session recordings: the routes, the upload check the body limit needs, and the retention job. */
export { recordingRoutes } from "./routes.ts";
export { recordingRetentionJob } from "./retention.ts";
