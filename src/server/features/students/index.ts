/** Student records: what the app mounts. */
export { studentRoutes } from "./routes.ts";
export { type StudentReader, studentsVisibleTo, visibleStudents } from "./policy.ts";
export { studentSearch, tutorsOf } from "./queries.ts";
/** Making a record: the CRM makes a converted lead's students with it. */
export { createStudent } from "./service.ts";
