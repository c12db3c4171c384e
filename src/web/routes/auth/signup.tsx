import { Anchor, Divider, Stack, Text } from "@mantine/core";
import { lazy, startTransition, Suspense, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { SignupResponse } from "../../../shared/schemas/auth.ts";
import { AuthCard } from "../../features/auth/auth-card.tsx";
import { GoogleButton } from "../../features/auth/google-button.tsx";
import { PageLoading } from "../../features/auth/page-loading.tsx";
import { SignupForm } from "../../features/auth/signup-form.tsx";
import { publicMetaFor } from "../../lib/public-meta.ts";

export const meta = () => publicMetaFor("/signup");

// Shown after sign-up only: loaded once the page is shown (the page-weight budgets of tests/budgets). The
// answer is shown in a transition, so the form stays until this has arrived.
const loadCheckEmail = () => import("../../features/auth/check-email.tsx");
const CheckEmail = lazy(() => loadCheckEmail().then((module) => ({ default: module.CheckEmail })));
if (typeof window !== "undefined") void loadCheckEmail().catch(() => {});

export default function Signup() {
  const [params] = useSearchParams();
  const [result, setResult] = useState<SignupResponse | null>(null);

  if (result) {
    return (
      <Suspense fallback={<PageLoading label="Loading…" />}>
        <CheckEmail result={result} />
      </Suspense>
    );
  }

  return (
    <AuthCard title="Create account" description="Start a workspace for your tutoring business, or join one with a code.">
      <Stack gap="md">
        <SignupForm joinCode={params.get("join")} onDone={(answer) => startTransition(() => setResult(answer))} />
        <GoogleButton label="Sign up with Google" />
        <Divider />
        <Text size="sm" ta="center">
          Already have an account?{" "}
          <Anchor underline="always" component={Link} to="/login">
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
