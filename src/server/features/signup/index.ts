/** Signing up (a new workspace, a join code or an invitation): what the app mounts. */
export { signupRoutes } from "./routes.ts";
