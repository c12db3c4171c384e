import { Button } from "@mantine/core";
import { useState } from "react";
import { usePublicConfigValue } from "../session/viewer.ts";
import { signInWithGoogle } from "./requests.ts";

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
          await signInWithGoogle();
        } catch {
          // The page stays as it was; a connection problem shows in the connection banner (lib/api-client.ts).
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </Button>
  );
}
