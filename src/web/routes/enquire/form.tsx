import { ENQUIRY_ROUTES, WORKSPACE_NAME_TOKEN } from "../../../shared/public-routes.ts";
import { WorkspaceEnquiryPage } from "../../features/enquiries/workspace-enquiry-page.tsx";
import { pageMeta } from "../../lib/public-meta.ts";

// The server writes the workspace's name over the token (src/server/features/crm/enquiry-page.ts).
export const meta = () => pageMeta({ title: `Enquire with ${WORKSPACE_NAME_TOKEN}`, description: ENQUIRY_ROUTES[0]!.description });

export default WorkspaceEnquiryPage;
