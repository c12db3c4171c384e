/** Tutor assignments: the routes, and the conditions on current assignments that student and session reads build on. */
export { assignmentRoutes } from "./routes.ts";
export { assignmentsWhere, notEnded, workspaceToday } from "./queries.ts";
/** Assigning a tutor: the CRM assigns a converted lead's students to the trial's tutor with it. */
export { createAssignment } from "./service.ts";
