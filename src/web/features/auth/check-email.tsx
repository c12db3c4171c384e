import { Anchor, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { SignupResponse } from "../../../shared/schemas/auth.ts";
import { AuthCard } from "./auth-card.tsx";

/**
 * After sign-up: where the confirmation link went, and what happens after it is opened
 * (`nextStep`; by default what the sign-up's answer says).
 */
export function CheckEmail({ result, nextStep }: { result: SignupResponse; nextStep?: ReactNode }) {
  return (
    <AuthCard
      title="Check your email"
      announce
      description={
        <>
          We sent a confirmation link to <strong>{result.email}</strong>.
        </>
      }
    >
      <Stack gap="sm" role="status">
        {nextStep ??
          (result.next === "dashboard" ? (
            <Text>Open the link to confirm your email address, then sign in to go to your dashboard.</Text>
          ) : (
            <Text>
              Open the link to confirm your email address. Then an administrator of the workspace must approve your account. We will email you when an
              administrator approves your account.
            </Text>
          ))}
        <Text size="sm" c="dimmed">
          The link is valid for 24 hours. If the email does not arrive within a few minutes, check your spam folder.
        </Text>
        <Anchor component={Link} to="/login">
          Go to sign in
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
