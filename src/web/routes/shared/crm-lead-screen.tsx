import { Alert, Stack, Text, Title } from "@mantine/core";
import { useLocation, useParams } from "react-router";
import { QueryState } from "../../components/ui/query-state.tsx";
import { crmAreaOf, useLead } from "../../features/crm/api.ts";
import { LeadPage } from "../../features/crm/components/lead-page.tsx";
import { ConvertLeadButton } from "../../features/crm/convert-lead.tsx";
import { TrialBookingButton } from "../../features/crm/trial-booking.tsx";
import { TrialFeedbackButton } from "../../features/crm/trial-feedback.tsx";
import { BackLink } from "../../features/students/components/people-ui.tsx";
import { ApiError } from "../../lib/api-client.ts";

/**
 * A lead's page in the admin area (any lead of the workspace) or the tutor's (their own; another
 * lead is not found, as the server answers).
 */
export default function CrmLeadScreen() {
  const area = crmAreaOf(useLocation().pathname);
  const { leadId = "" } = useParams();
  const lead = useLead(area, leadId);
  return (
    // Bottom room so that the floating Switch Role button never covers the last control.
    <Stack gap="md" pb={64}>
      <div>
        <BackLink to={`/${area}/crm`}>CRM</BackLink>
      </div>
      {lead.error instanceof ApiError && lead.error.status === 404 ? (
        <Alert
          color="gray"
          title={
            <Title order={1} size="h4">
              Lead not found
            </Title>
          }
          role="alert"
          maw={640}
        >
          <Text size="sm">
            {area === "tutor" ? "None of your leads has this address." : "No lead of this workspace has this address."} It may have been merged or deleted on
            its purge date.
          </Text>
        </Alert>
      ) : (
        <QueryState query={lead} label="the lead">
          {(data) => (
            <LeadPage
              area={area}
              lead={data}
              actions={
                <>
                  <TrialBookingButton area={area} lead={data} />
                  <TrialFeedbackButton area={area} lead={data} />
                  <ConvertLeadButton area={area} lead={data} />
                </>
              }
            />
          )}
        </QueryState>
      )}
    </Stack>
  );
}
