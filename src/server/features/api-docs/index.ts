/** The API reference: what the app mounts. */
export { apiDocsRoutes } from "./routes.ts";
