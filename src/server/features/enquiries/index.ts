/** Contact messages and affiliate applications from the public site, and the platform inbox that reads them: what the app mounts. */
export { enquiryRoutes, FORM_LIMIT } from "./routes.ts";
