import { Button } from "@mantine/core";
import { useState } from "react";
import { usePublicConfigValue } from "../session/viewer.ts";
import { loadAuthClient } from "./auth-call.ts";

/** Shown only when the server has Google sign-in configured; returns to /confirm-email (seed). */
export function GoogleButton({ label }: { label: string }) {
  const config = usePublicConfigValue();
  const [busy, setBusy] = useState(false);
  if (!config?.googleSignIn) return null;
  return (
    <Button
      variant="default"
      fullWidth
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const authClient = await loadAuthClient();
          await authClient.signIn.social({ provider: "google", callbackURL: "/confirm-email", errorCallbackURL: "/login" });
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </Button>
  );
}
