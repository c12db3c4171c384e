import { Anchor, Button, Divider, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link, useLoaderData, useNavigate, type ClientLoaderFunctionArgs } from "react-router";
import { MESSAGES } from "../../../shared/messages.ts";
import { dashboardPathOf, isMemberRole } from "../../../shared/roles.ts";
import { AuthCard } from "../../features/auth/auth-card.tsx";
import { BackupCodes } from "../../features/auth/backup-codes.tsx";
import { PageLoading } from "../../features/auth/page-loading.tsx";
import { TwoFactorPasswordForm, type TwoFactorEnrolment } from "../../features/auth/two-factor-password-form.tsx";
import { TwoFactorQr } from "../../features/auth/two-factor-qr.tsx";
import { TwoFactorVerifyForm } from "../../features/auth/two-factor-verify-form.tsx";
import { refreshMe } from "../../features/session/api.ts";
import { guard } from "../../features/session/guards.ts";
import { metaFor } from "../../lib/meta.ts";

export const meta = () => metaFor("/setup-2fa");

/** Public layout, but sign-in required: the auth guard runs first. */
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const me = await guard(request);
  return { alreadyOn: me.user.twoFactorEnabled, role: me.role, email: me.user.email };
}

export function HydrateFallback() {
  return <PageLoading label={MESSAGES.loadingAuthorization} />;
}

type Step = { name: "password" } | { name: "scan"; enrolment: TwoFactorEnrolment } | { name: "codes"; enrolment: TwoFactorEnrolment };

const TITLE = "Set up two-factor authentication";

export default function SetupTwoFactor() {
  const { alreadyOn, role, email } = useLoaderData<typeof clientLoader>();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ name: "password" });
  const settingsPath = isMemberRole(role) ? `/${role}/settings` : "/";
  const dashboardPath = dashboardPathOf(role);
  const notNow = (
    <Anchor component={Link} to={dashboardPath} size="sm" ta="center">
      Not now
    </Anchor>
  );

  if (alreadyOn) {
    return (
      <AuthCard title="Two-factor authentication is already on">
        <Stack gap="md">
          <Text>
            Your account already asks for a code from your authenticator app when you sign in. To turn it off or get new backup codes, go to your settings.
          </Text>
          <Button component={Link} to={settingsPath}>
            Go to settings
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (step.name === "password") {
    return (
      <AuthCard
        title={TITLE}
        description="Step 1 of 3. Each time you sign in, Glassroom will also ask for a code from an app on your phone. First, confirm your password."
      >
        <Stack gap="md">
          <TwoFactorPasswordForm onEnrolled={(enrolment) => setStep({ name: "scan", enrolment })} />
          {notNow}
        </Stack>
      </AuthCard>
    );
  }

  if (step.name === "scan") {
    return (
      <AuthCard title={TITLE} description="Step 2 of 3. Add Glassroom to your authenticator app, then enter the code it shows." announce>
        <Stack gap="lg">
          <TwoFactorQr totpURI={step.enrolment.totpURI} />
          <Divider />
          <TwoFactorVerifyForm
            onVerified={async () => {
              await refreshMe().catch(() => null);
              setStep({ name: "codes", enrolment: step.enrolment });
            }}
          />
          {notNow}
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Save your backup codes" description="Step 3 of 3. Two-factor authentication is now on." announce>
      <BackupCodes codes={step.enrolment.backupCodes} email={email} onDone={() => void navigate(dashboardPath)} />
    </AuthCard>
  );
}
