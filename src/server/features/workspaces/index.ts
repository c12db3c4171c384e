/** Workspaces: the routes, and creating or joining one (which signing up does). */
export { workspaceRoutes } from "./routes.ts";
export { addPendingMember, createWorkspaceWithAdmin, findJoinableWorkspace } from "./service.ts";
