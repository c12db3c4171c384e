/**
 * Sessions: the routes, who may see which session, and the session reads that reports,
 * recordings and calendar feeds build on.
 */
export { canWrite, shownStudents, visibleSessions } from "./policy.ts";
export { sessionRoutes } from "./routes.ts";
export { createSessions } from "./create-sessions.ts";
export { findVisible, type SessionRow, shape, studentsOf, workspaceZone } from "./read-model.ts";
export { auditSessions } from "./session-audit.ts";
export { SESSION_PERMISSIONS } from "./areas.ts";
