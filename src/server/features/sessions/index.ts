/**
 * Sessions: the routes, who may see which session, and the session reads that reports,
 * recordings and calendar feeds build on.
 */
export { canWrite, shownStudents, visibleSessions } from "./policy.ts";
export { sessionRoutes } from "./routes.ts";
export { auditSessions, findVisible, type SessionRow, shape, studentsOf, workspaceZone } from "./service.ts";
