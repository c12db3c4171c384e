/** Student records: what the app mounts. */
export { studentRoutes } from "./routes.ts";
export { visibleStudents } from "./policy.ts";
