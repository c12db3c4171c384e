import { Anchor, Divider, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { SignupResponse } from "../../../shared/schemas/auth.ts";
import { AuthCard } from "../../features/auth/auth-card.tsx";
import { CheckEmail } from "../../features/auth/check-email.tsx";
import { GoogleButton } from "../../features/auth/google-button.tsx";
import { SignupForm } from "../../features/auth/signup-form.tsx";
import { publicMetaFor } from "../../lib/public-meta.ts";

export const meta = () => publicMetaFor("/signup");

export default function Signup() {
  const [params] = useSearchParams();
  const [result, setResult] = useState<SignupResponse | null>(null);

  if (result) return <CheckEmail result={result} />;

  return (
    <AuthCard title="Create account" description="Start a workspace for your tutoring business, or join one with a code.">
      <Stack gap="md">
        <SignupForm joinCode={params.get("join")} onDone={setResult} />
        <GoogleButton label="Sign up with Google" />
        <Divider />
        <Text size="sm" ta="center">
          Already have an account?{" "}
          <Anchor component={Link} to="/login">
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
