export { leadRoutes } from "./routes.ts";
