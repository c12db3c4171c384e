import { Button, Stack, Text } from "@mantine/core";
import type { ComponentType } from "react";
import { Link } from "react-router";
import { AuthCard } from "./auth-card.tsx";
import type { ConfirmedNext } from "./confirmation-state.ts";
import { ResendConfirmationForm } from "./resend-confirmation-form.tsx";

/** The screens of /confirm-email, one per state (see confirmation-state.ts). */

/**
 * The set-up form (a new Google account, signed in without a workspace) is the one screen
 * with the workspace choice: its own chunk (the page-weight budgets of tests/budgets), which the page's
 * loader loads with the session when the session says it is needed, and hands to FinishSetup.
 */
export const loadFinishSetupForm = () => import("./finish-setup-form.tsx").then((module) => module.FinishSetupForm);

export const WAITING_FOR_APPROVAL =
  "Your account is now waiting for approval by an administrator of the workspace. We will email you when an administrator approves your account.";

export function InvalidLink() {
  return (
    <AuthCard
      title="This link is invalid or has expired"
      description="A confirmation link works once, for 24 hours. Enter your email address and we will send you a new link."
    >
      <ResendConfirmationForm />
    </AuthCard>
  );
}

export function AwaitingLink() {
  return (
    <AuthCard
      title="Confirm your email address"
      description="Open the link in the email we sent you when you created your account. No email, or has the link expired? Ask for a new one."
    >
      <ResendConfirmationForm />
    </AuthCard>
  );
}

export function Confirmed({ next, dashboard }: { next: ConfirmedNext; dashboard: string | null }) {
  return (
    <AuthCard title="Email confirmed">
      <Stack gap="md">
        <Text>Your email address is confirmed.</Text>
        {next === "approval" ? <Text>{WAITING_FOR_APPROVAL}</Text> : null}
        {next === "dashboard" && !dashboard ? <Text>Sign in to go to your dashboard.</Text> : null}
        {next === "signin" ? (
          <Text>
            If you started a workspace, sign in to go to your dashboard. If you asked to join one, you can sign in once an administrator of the workspace
            approves your account: we will email you when they do.
          </Text>
        ) : null}
        {next !== "approval" && dashboard ? (
          <Button component={Link} to={dashboard}>
            Go to your dashboard
          </Button>
        ) : null}
        {next !== "approval" && !dashboard ? (
          <Button component={Link} to="/login">
            Sign in
          </Button>
        ) : null}
      </Stack>
    </AuthCard>
  );
}

export function SignedIn({ dashboard, email }: { dashboard: string; email: string }) {
  return (
    <AuthCard title="You're signed in">
      <Stack gap="md">
        <Text>
          You are signed in as <strong>{email}</strong>.
        </Text>
        <Button component={Link} to={dashboard}>
          Go to your dashboard
        </Button>
      </Stack>
    </AuthCard>
  );
}

export function FinishSetup({
  email,
  onAskedToJoin,
  Form,
}: {
  email: string;
  onAskedToJoin: () => void;
  /** The set-up form, as loadFinishSetupForm gives it. */
  Form: ComponentType<{ onAskedToJoin: () => void }>;
}) {
  return (
    <AuthCard
      title="Finish setting up your account"
      description={
        <>
          You are signed in as <strong>{email}</strong>. Start a workspace for your tutoring business, or join one with the code it gave you.
        </>
      }
    >
      <Form onAskedToJoin={onAskedToJoin} />
    </AuthCard>
  );
}

export function AskedToJoin() {
  return (
    <AuthCard title="Waiting for approval" announce>
      <Stack gap="md" role="status">
        <Text>Your request to join the workspace has been sent.</Text>
        <Text>{WAITING_FOR_APPROVAL}</Text>
        <Button component={Link} to="/" variant="default">
          Back to the home page
        </Button>
      </Stack>
    </AuthCard>
  );
}
