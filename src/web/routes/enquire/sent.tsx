import { ENQUIRY_ROUTES, WORKSPACE_NAME_TOKEN } from "../../../shared/public-routes.ts";
import { WorkspaceEnquirySentPage } from "../../features/enquiries/workspace-enquiry-page.tsx";
import { pageMeta } from "../../lib/public-meta.ts";

export const meta = () => pageMeta({ title: `Enquiry sent to ${WORKSPACE_NAME_TOKEN}`, description: ENQUIRY_ROUTES[1]!.description });

export default WorkspaceEnquirySentPage;
