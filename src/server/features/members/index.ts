/** Workspace members: what the app mounts. */
export { memberRoutes } from "./routes.ts";
