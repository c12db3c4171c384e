/** Tutor assignments: the routes, and the conditions on current assignments that student and session reads build on. */
export { assignmentRoutes } from "./routes.ts";
export { assignmentsWhere, notEnded, workspaceToday } from "./queries.ts";
