/** Approving and rejecting people who asked to join: what the app mounts. */
export { approvalRoutes } from "./routes.ts";
