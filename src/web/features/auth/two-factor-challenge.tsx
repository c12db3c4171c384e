import { Alert, Anchor, Button, Group, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { backupCodeRule, totpCodeRule } from "../../../shared/schemas/field-rules.ts";
import { asApiError, type ApiError } from "../../lib/api-client.ts";
import { verifyBackupCode, verifyTotpCode } from "./requests.ts";

/** The second step of sign-in: a TOTP code, or a backup code. The session exists only after it. */
export function TwoFactorChallenge({ onVerified, onCancel }: { onVerified: () => Promise<void>; onCancel: () => void }) {
  const [mode, setMode] = useState<"totp" | "backup">("totp");
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  async function verify(event: React.FormEvent) {
    event.preventDefault();
    const { value, problems } = (mode === "totp" ? totpCodeRule : backupCodeRule).check(code);
    if (problems[0]) {
      setFieldError(problems[0]);
      return;
    }
    setFieldError(null);
    setBusy(true);
    setError(null);
    try {
      await (mode === "totp" ? verifyTotpCode(value) : verifyBackupCode(value));
    } catch (failure) {
      setError(asApiError(failure));
      return;
    } finally {
      setBusy(false);
    }
    await onVerified();
  }

  return (
    <form onSubmit={verify} noValidate>
      <Stack gap="md">
        {error ? (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        ) : null}
        {mode === "totp" ? (
          <TextInput
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={fieldError}
          />
        ) : (
          <TextInput
            label="Backup code"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={fieldError}
          />
        )}
        <Button type="submit" loading={busy} fullWidth>
          Verify
        </Button>
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setMode(mode === "totp" ? "backup" : "totp");
              setCode("");
              setFieldError(null);
            }}
          >
            {mode === "totp" ? "Use a backup code" : "Use the authenticator app"}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onCancel}>
            Back to sign in
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
