/** Health checks: what the app mounts. */
export { healthCheck, healthFastPath, healthRoutes, type HealthAnswer } from "./routes.ts";
