import { Anchor, Button, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link, useLoaderData, type ClientLoaderFunctionArgs } from "react-router";
import { AuthCard } from "../../features/auth/auth-card.tsx";
import { PageLoading } from "../../features/auth/page-loading.tsx";
import { ResetPasswordForm } from "../../features/auth/reset-password-form.tsx";
import { publicMetaFor } from "../../lib/public-meta.ts";

export const meta = () => publicMetaFor("/reset-password");

/** The token is read in the browser: the page is pre-rendered without its query string. */
export function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  return { token: params.get("error") ? null : params.get("token") };
}

export function HydrateFallback() {
  return <PageLoading label="Loading…" />;
}

type Outcome = "form" | "changed" | "invalid";

export default function ResetPassword() {
  const { token } = useLoaderData<typeof clientLoader>();
  const [outcome, setOutcome] = useState<Outcome>(token ? "form" : "invalid");

  if (outcome === "changed") {
    return (
      <AuthCard title="Your password has been changed" announce>
        <Stack gap="md" role="status">
          <Text>You can now sign in with your new password. For your security, every other session of your account has been signed out.</Text>
          <Button component={Link} to="/login">
            Sign in
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (outcome === "invalid" || !token) {
    return (
      <AuthCard title="This reset link is invalid or has expired" announce={outcome === "invalid" && Boolean(token)}>
        <Stack gap="md">
          <Text>A reset link works once, for one hour. Ask for a new link and use the newest email.</Text>
          <Button component={Link} to="/forgot-password">
            Request a new reset link
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Set a new password" description="Choose a new password for your Glassroom account.">
      <Stack gap="md">
        <ResetPasswordForm token={token} onDone={() => setOutcome("changed")} onInvalidToken={() => setOutcome("invalid")} />
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Back to sign in
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
