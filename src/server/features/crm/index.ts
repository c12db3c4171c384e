export { leadRoutes } from "./routes.ts";
export { leadPurgeJob } from "./purge-job.ts";
export { ENQUIRY_LIMIT, ENQUIRY_LIMIT_NAME, enquiryForm, receiveWorkspaceEnquiry } from "./enquiry-intake.ts";
export { crmTaskDigestJob } from "./task-digest.ts";
