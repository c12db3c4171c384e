/** Contact messages and affiliate applications from the public site, and the platform inbox that reads them: what the app mounts. */
export { enquiryRoutes } from "./routes.ts";
