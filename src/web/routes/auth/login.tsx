import { Alert, Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { dashboardPathOf } from "../../../shared/roles.ts";
import { AuthCard } from "../../features/auth/auth-card.tsx";
import { authCall, preloadAuthClient } from "../../features/auth/auth-call.ts";
import { GoogleButton } from "../../features/auth/google-button.tsx";
import { PageLoading } from "../../features/auth/page-loading.tsx";
import { safeRedirectTarget } from "../../features/session/redirect-target.ts";
import type { ApiError } from "../../lib/api-client.ts";
import { deferredZodValidator, useAccountForm } from "../../lib/forms.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import { publicMetaFor } from "../../lib/public-meta.ts";

export const meta = () => publicMetaFor("/login");

preloadAuthClient();
const loginForm = deferredZodValidator(() => import("../../features/auth/form-schemas.ts").then((module) => module.loginSchema));

// The query library comes with the dashboard the user is sent to; the sign-in form does not
// need it, so it starts loading when the form is sent, beside the sign-in request (the account
// pages' budget counts everything a page loads before the user acts: tests/budgets).
const sessionQueries = () => import("../../features/session/api-lazy.ts");

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
  const form = useAccountForm({ fields: ["email", "password"], validate: loginForm.check });

  async function finishSignIn() {
    const { refreshMe } = await sessionQueries();
    const me = await refreshMe();
    void navigate(redirectTo ?? dashboardPathOf(me?.role ?? "unsigned"), { replace: true });
  }

  const submit = form.onSubmit(async (values) => {
    setError(null);
    void sessionQueries().catch(() => {});
    const { data, error: failure } = await authCall((authClient) => authClient.signIn.email({ email: values.email.trim(), password: values.password }));
    if (failure) {
      setError(failure);
      return;
    }
    if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) {
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
            <Anchor component={Link} to="/signup">
              Create account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
