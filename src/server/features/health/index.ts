/** Health checks: what the app mounts. */
export { answeringHealthProbesFirst, healthCheck, healthFastPath, healthProbeOnNodeRequest, healthRoutes, type HealthAnswer } from "./routes.ts";
