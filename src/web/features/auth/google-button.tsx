import { Button } from "@mantine/core";
import { useState } from "react";
import { authClient } from "../../lib/auth-client.ts";
import { usePublicConfig } from "../session/api.ts";

/** Shown only when the server has Google sign-in configured; returns to /confirm-email (seed). */
export function GoogleButton({ label }: { label: string }) {
  const { data: config } = usePublicConfig();
  const [busy, setBusy] = useState(false);
  if (!config?.googleSignIn) return null;
  return (
    <Button
      variant="default"
      fullWidth
      loading={busy}
      onClick={async () => {
        setBusy(true);
        await authClient.signIn.social({ provider: "google", callbackURL: "/confirm-email", errorCallbackURL: "/login" });
        setBusy(false);
      }}
    >
      {label}
    </Button>
  );
}
