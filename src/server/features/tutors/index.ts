/** Tutors and their details: what the app mounts. */
export { tutorRoutes } from "./routes.ts";
