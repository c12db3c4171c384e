/** The system status of a workspace (admins) and of the install (devops): what the app mounts. */
export { systemStatusRoutes } from "./routes.ts";
