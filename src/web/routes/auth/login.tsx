import { Alert, Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { dashboardPathOf } from "../../../shared/roles.ts";
import { AuthCard } from "../../features/auth/auth-card.tsx";
import { loginChecks } from "../../features/auth/form-checks.ts";
import { GoogleButton } from "../../features/auth/google-button.tsx";
import { PageLoading } from "../../features/auth/page-loading.tsx";
import { signInWithPassword } from "../../features/auth/requests.ts";
import { safeRedirectTarget } from "../../features/session/redirect-target.ts";
import { refreshViewer } from "../../features/session/viewer.ts";
import { asApiError, type ApiError } from "../../lib/api-client.ts";
import { useAccountForm } from "../../lib/forms.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import { publicMetaFor } from "../../lib/public-meta.ts";

export const meta = () => publicMetaFor("/login");

// Only accounts with two-factor authentication see it, after their password is accepted.
const TwoFactorChallenge = lazy(() => import("../../features/auth/two-factor-challenge.tsx").then((module) => ({ default: module.TwoFactorChallenge })));

export default function Login() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // The page is pre-rendered without its query string: the reason shows once hydrated.
  const reason = useHydrated() ? params.get("reason") : null;
  const redirectTo = safeRedirectTarget(params.get("redirectTo"));
  const [error, setError] = useState<ApiError | null>(null);
  const [needsSecondFactor, setNeedsSecondFactor] = useState(false);
  const form = useAccountForm({ fields: ["email", "password"], validate: loginChecks.validate });

  // The session is read again, for this page's store and the query cache the dashboard reads
  // (features/session/viewer.ts): this page loads no query library.
  async function finishSignIn() {
    const me = await refreshViewer();
    void navigate(redirectTo ?? dashboardPathOf(me?.role ?? "unsigned"), { replace: true });
  }

  const submit = form.onSubmit(async (values) => {
    setError(null);
    let answer;
    try {
      answer = await signInWithPassword({ email: values.email.trim(), password: values.password });
    } catch (failure) {
      setError(asApiError(failure));
      return;
    }
    if (answer.twoFactorRedirect) {
      setNeedsSecondFactor(true);
      return;
    }
    await finishSignIn();
  });

  if (needsSecondFactor) {
    return (
      <AuthCard title="Two-factor authentication" description="Enter the 6-digit code from your authenticator app, or one of your backup codes.">
        <Suspense fallback={<PageLoading label="Loading…" />}>
          <TwoFactorChallenge onVerified={finishSignIn} onCancel={() => setNeedsSecondFactor(false)} />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign in" description="Welcome back to Glassroom.">
      {/* POST, so that a submit before the page's script runs never puts the password in the address. */}
      <form method="post" onSubmit={submit} noValidate>
        <Stack gap="md">
          {reason ? (
            <Alert color="blue" title="Please sign in" role="status">
              {reason}
            </Alert>
          ) : null}
          {error ? (
            <Alert color="red" role="alert" title="Sign-in failed">
              {error.message}
            </Alert>
          ) : null}
          <TextInput label="Email" type="email" autoComplete="email" required {...form.field("email")} />
          <PasswordInput label="Password" autoComplete="current-password" required {...form.field("password")} />
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot your password?
          </Anchor>
          <Button type="submit" loading={form.submitting} fullWidth>
            Sign in
          </Button>
          <GoogleButton label="Sign in with Google" />
          <Divider />
          <Text size="sm" ta="center">
            New to Glassroom?{" "}
            <Anchor underline="always" component={Link} to="/signup">
              Create account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
