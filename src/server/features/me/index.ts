/** The signed-in account as the app shows it, its role override and its active workspace: what the app mounts. */
export { meRoutes } from "./routes.ts";
