/** The audit log: its routes, and the workspace zone its dates are shown in. Writing entries is core/audit.ts. */
export { auditRoutes } from "./routes.ts";
export { workspaceTimeZone } from "./query.ts";
