/** The growth playbook: steps ticked from the workspace's data or by hand. */
export { growthPlaybookRoutes } from "./routes.ts";
