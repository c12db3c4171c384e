import { Stack } from "@mantine/core";
import { Can, useCan } from "../../components/auth/can.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { useMe } from "../../features/session/api.ts";
import { BillingSettingsSection } from "../../features/settings/components/billing-settings-section.tsx";
import { CalendarFeedSection } from "../../features/settings/components/calendar-feed-section.tsx";
import { JoinCodeSection } from "../../features/settings/components/join-code-section.tsx";
import { PaySettingsSection } from "../../features/settings/components/pay-settings-section.tsx";
import { CrmSettingsSection } from "../../features/crm/components/crm-settings-section.tsx";
import { PasswordSection } from "../../features/settings/components/password-section.tsx";
import { ProfileSection } from "../../features/settings/components/profile-section.tsx";
import { SessionSettingsSection } from "../../features/settings/components/session-settings-section.tsx";
import { SessionsSection } from "../../features/settings/components/sessions-section.tsx";
import { TwoFactorSection } from "../../features/settings/components/two-factor-section.tsx";
import { WorkspaceSection } from "../../features/settings/components/workspace-section.tsx";
import { WorkspacesSection } from "../../features/settings/components/workspaces-section.tsx";
import { NotificationSettings } from "../../features/health-alerts/components/notification-settings.tsx";
import { TutorProfileSections } from "../../features/tutor-profile/components/tutor-profile-sections.tsx";
import { metaFor } from "../../lib/meta.ts";

export const meta = ({ location }: { location: { pathname: string } }) => metaFor(location.pathname);

/** Settings of every area: the account for everyone, and the workspace for admins. */
export default function Settings() {
  const me = useMe();
  const managesWorkspace = useCan("admin:settings:write");
  return (
    <>
      <PageHeader
        title="Settings"
        description={managesWorkspace ? "Your account, and the settings of your workspace." : "Your profile, password, two-factor authentication and sessions."}
      />
      <QueryState query={me} label="your account">
        {(data) =>
          data ? (
            // Bottom room so that the floating Switch Role button never covers the last control.
            <Stack gap="lg" maw={760} pb={64}>
              <Can permission="tutor:settings:write">
                <TutorProfileSections />
              </Can>
              <ProfileSection key={data.user.id} name={data.user.name} email={data.user.email} />
              <PasswordSection />
              <TwoFactorSection enabled={data.user.twoFactorEnabled} />
              <SessionsSection />
              {data.membershipStatus === "active" ? <CalendarFeedSection /> : null}
              <WorkspacesSection me={data} />
              <Can permission="admin:settings:write">
                <NotificationSettings area="admin" />
              </Can>
              <Can permission="tutor:settings:write">
                <NotificationSettings area="tutor" />
              </Can>
              <Can permission="parent:settings:write">
                <NotificationSettings area="parent" />
              </Can>
              <Can permission="admin:settings:write">
                <WorkspaceSection />
                <SessionSettingsSection />
                <BillingSettingsSection />
                <PaySettingsSection />
                <CrmSettingsSection />
                <JoinCodeSection />
              </Can>
            </Stack>
          ) : null
        }
      </QueryState>
    </>
  );
}
