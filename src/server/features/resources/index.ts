/** The library: its routes and its jobs. */
export { resourceRoutes } from "./routes.ts";
export { resourceTextQueue } from "./text-extraction.ts";
export { acknowledgementReminderQueue } from "./acknowledgements.ts";
