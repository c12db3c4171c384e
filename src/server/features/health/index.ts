/** Health checks: what the app mounts. */
export { healthRoutes } from "./routes.ts";
